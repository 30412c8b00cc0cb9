#include "players/neural_net.hpp"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <type_traits>
#include <vector>

#if defined(__AVX2__) || defined(__SSSE3__)
#include <immintrin.h>
#endif

#include "kernel/rules.hpp"

namespace baloot {

namespace {

// The first layer sums int16 columns in GCC's and Clang's vector types: AVX2 registers where the build has
// them, 16-byte ones otherwise (SSE2, NEON); the same integers.
#ifdef __AVX2__
#define BALOOT_NEURAL_VECTOR 32
#else
#define BALOOT_NEURAL_VECTOR 16
#endif
using Int16s = std::int16_t __attribute__((vector_size(BALOOT_NEURAL_VECTOR), may_alias));
constexpr int kLanes = BALOOT_NEURAL_VECTOR / 2;
static_assert(kNeuralL2 % 32 == 0 && kNeuralL3 % 32 == 0 && kNeuralCallL2 % 32 == 0 && kNeuralCallL3 % 32 == 0,
              "each later layer fills whole 32-byte rows");

// z[o] = b[o] + the sum over j of a[j] w[o][j], activations a in 0..127 and int8 weights. With SIMD each
// row's products are summed in one register, and eight rows' registers (four: SSSE3) are reduced together.
template <int In, int Out>
void affine(const std::int8_t (&w)[Out][In], const std::int32_t (&b)[Out], const std::uint8_t (&a)[In],
            std::int32_t (&z)[Out]) {
#if defined(__AVX2__)
  static_assert(Out % 8 == 0, "eight rows at a time");
  const __m256i ones = _mm256_set1_epi16(1);
  for (int o = 0; o < Out; o += 8) {
    __m256i sum[8];
    for (int k = 0; k < 8; ++k) {
      sum[k] = _mm256_setzero_si256();
      for (int j = 0; j < In; j += 32) {
        const __m256i pairs = _mm256_maddubs_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + j)),
                                                   _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w[o + k] + j)));
        sum[k] = _mm256_add_epi32(sum[k], _mm256_madd_epi16(pairs, ones));
      }
    }
    const __m256i low = _mm256_hadd_epi32(_mm256_hadd_epi32(sum[0], sum[1]), _mm256_hadd_epi32(sum[2], sum[3]));
    const __m256i high = _mm256_hadd_epi32(_mm256_hadd_epi32(sum[4], sum[5]), _mm256_hadd_epi32(sum[6], sum[7]));
    const __m256i rows = _mm256_add_epi32(_mm256_permute2x128_si256(low, high, 0x20), _mm256_permute2x128_si256(low, high, 0x31));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(z + o),
                        _mm256_add_epi32(rows, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + o))));
  }
#elif defined(__SSSE3__)
  static_assert(Out % 4 == 0, "four rows at a time");
  const __m128i ones = _mm_set1_epi16(1);
  for (int o = 0; o < Out; o += 4) {
    __m128i sum[4];
    for (int k = 0; k < 4; ++k) {
      sum[k] = _mm_setzero_si128();
      for (int j = 0; j < In; j += 16) {
        const __m128i pairs = _mm_maddubs_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(a + j)),
                                                _mm_loadu_si128(reinterpret_cast<const __m128i*>(w[o + k] + j)));
        sum[k] = _mm_add_epi32(sum[k], _mm_madd_epi16(pairs, ones));
      }
    }
    const __m128i rows = _mm_hadd_epi32(_mm_hadd_epi32(sum[0], sum[1]), _mm_hadd_epi32(sum[2], sum[3]));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(z + o),
                     _mm_add_epi32(rows, _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + o))));
  }
#else
  for (int o = 0; o < Out; ++o) {
    z[o] = b[o];
    for (int j = 0; j < In; ++j) z[o] += std::int32_t{a[j]} * w[o][j];
  }
#endif
}

template <int In, int Out>
void dense(const std::int8_t (&w)[Out][In], const std::int32_t (&b)[Out], const std::uint8_t (&in)[In],
           std::uint8_t (&out)[Out]) {
  std::int32_t z[Out];
  affine(w, b, in, z);
  for (int o = 0; o < Out; ++o) out[o] = static_cast<std::uint8_t>(std::min(std::max(z[o] >> kNeuralShift, 0), kNeuralOne));
}

// The last hidden layer of `net`'s layers for the `count` active features: the first layer is b1 plus the
// active columns of w1, wrapping as int16, clipped to 0..127; then the two int8 layers.
template <typename Layers>
void hidden_layers(const Layers& net, const std::uint16_t* active, int count, std::uint8_t (&a3)[Layers::kL3]) {
  static_assert(Layers::kL1 % 32 == 0, "the first layer fills whole 32-byte rows, each column starting 32-byte aligned");
  constexpr int kVectors = Layers::kL1 / kLanes;
  Int16s sum[kVectors];
  std::memcpy(sum, net.b1, sizeof sum);
  for (int i = 0; i < count; ++i) {
    const auto* column = reinterpret_cast<const Int16s*>(net.w1[active[i]]);
    for (int r = 0; r < kVectors; ++r) sum[r] += column[r];
  }
  alignas(32) std::int16_t acc[Layers::kL1];
  std::memcpy(acc, sum, sizeof acc);
  alignas(32) std::uint8_t a1[Layers::kL1], a2[Layers::kL2];
  for (int j = 0; j < Layers::kL1; ++j) a1[j] = static_cast<std::uint8_t>(std::min<int>(std::max<int>(acc[j], 0), kNeuralOne));
  dense(net.w2, net.b2, a1, a2);
  dense(net.w3, net.b3, a2, a3);
}

}  // namespace

void neural_hidden(const NeuralNet& net, const std::uint16_t* active, int count, NeuralHidden& hidden) {
  hidden_layers(net, active, count, hidden.a3);
}

void neural_call_values(const NeuralCallNet& net, const std::uint16_t* active, int count,
                        std::int32_t (&values)[kNeuralCalls]) {
  alignas(32) std::uint8_t a3[kNeuralCallL3];
  hidden_layers(net, active, count, a3);
  affine(net.wc, net.bc, a3, values);
}

void neural_policy(const NeuralNet& net, const NeuralHidden& hidden, std::int32_t (&logits)[kNumCards]) {
  affine(net.wp, net.bp, hidden.a3, logits);
}

std::int32_t neural_value(const NeuralNet& net, const NeuralHidden& hidden) {
  std::int32_t z = net.bv;
  for (int j = 0; j < kNeuralL3; ++j) z += std::int32_t{hidden.a3[j]} * net.wv[j];
  return z;
}

void neural_forward(const NeuralNet& net, const std::uint16_t* active, int count, NeuralOutput& out) {
  NeuralHidden hidden;
  neural_hidden(net, active, count, hidden);
  neural_policy(net, hidden, out.policy);
  out.value = neural_value(net, hidden);
}

namespace {

class Bytes {
 public:
  Bytes(const std::string& path, const std::vector<char>& data, std::size_t at) : path_(path), data_(data), at_(at) {}

  [[noreturn]] void fail(const std::string& what) const {
    throw RuleError("neural player weights " + path_ + ": " + what + " (reinstall baloot, or run training/train.py)");
  }

  template <typename T>
  T next() {
    if (at_ + sizeof(T) > data_.size()) fail("truncated");
    std::uint64_t bits = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i) bits |= std::uint64_t{static_cast<std::uint8_t>(data_[at_ + i])} << (8 * i);
    at_ += sizeof(T);
    return static_cast<T>(static_cast<std::make_unsigned_t<T>>(bits));  // two's complement, any byte order
  }

  std::size_t at() const { return at_; }

 private:
  const std::string& path_;
  const std::vector<char>& data_;
  std::size_t at_;
};

std::uint64_t fnv1a(const char* begin, const char* end) {
  std::uint64_t h = 14695981039346656037ULL;
  for (const char* p = begin; p != end; ++p) h = (h ^ static_cast<std::uint8_t>(*p)) * 1099511628211ULL;
  return h;
}

}  // namespace

namespace {

void expect_sizes(Bytes& bytes, std::initializer_list<std::int32_t> expected) {
  for (const std::int32_t size : expected) {
    const std::int32_t got = bytes.next<std::int32_t>();
    if (got != size) bytes.fail("a network of other sizes (" + std::to_string(got) + " where this build has " + std::to_string(size) + ")");
  }
}

template <typename Stored, typename T, std::size_t N>
void fill(Bytes& bytes, T (&values)[N]) {
  if constexpr (std::is_array_v<T>) {
    for (auto& row : values) fill<Stored>(bytes, row);
  } else {
    for (auto& value : values) value = bytes.next<Stored>();
  }
}

// The sizes (the layers' and `outputs`, which the file gives first) and the layers' arrays.
template <typename Layers>
void read_hidden_layers(Bytes& bytes, Layers& net, int outputs) {
  expect_sizes(bytes, {Layers::kInputs, Layers::kL1, Layers::kL2, Layers::kL3, outputs});
  fill<std::int16_t>(bytes, net.w1);
  fill<std::int16_t>(bytes, net.b1);
  fill<std::int8_t>(bytes, net.w2);
  fill<std::int32_t>(bytes, net.b2);
  fill<std::int8_t>(bytes, net.w3);
  fill<std::int32_t>(bytes, net.b3);
}

bool starts_with_line(const std::vector<char>& data, const std::string& line) {
  return data.size() >= line.size() + 1 && std::memcmp(data.data(), line.data(), line.size()) == 0 && data[line.size()] == '\n';
}

}  // namespace

std::shared_ptr<NeuralNet> read_neural_net(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw RuleError("neural player weights " + path + ": no such file or not readable (reinstall baloot)");
  const std::vector<char> data((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const bool with_calls = starts_with_line(data, kNeuralHeaderWithCalls);
  const std::size_t header = std::string(with_calls ? kNeuralHeaderWithCalls : kNeuralHeader).size() + 1;
  Bytes bytes(path, data, header);
  if (!with_calls && !starts_with_line(data, kNeuralHeader))
    bytes.fail(std::string("does not begin with \"") + kNeuralHeader + "\" or \"" + kNeuralHeaderWithCalls + "\"");
  auto net = std::make_shared<NeuralNet>();
  read_hidden_layers(bytes, *net, kNumCards);
  fill<std::int8_t>(bytes, net->wp);
  fill<std::int32_t>(bytes, net->bp);
  fill<std::int8_t>(bytes, net->wv);
  net->bv = bytes.next<std::int32_t>();
  if (with_calls) {
    auto calls = std::make_shared<NeuralCallNet>();
    read_hidden_layers(bytes, *calls, kNeuralCalls);
    fill<std::int8_t>(bytes, calls->wc);
    fill<std::int32_t>(bytes, calls->bc);
    net->calls = std::move(calls);
  }
  const std::size_t body_end = bytes.at();
  const std::uint64_t hash = bytes.next<std::uint64_t>();
  if (bytes.at() != data.size()) bytes.fail("bytes after the end of the network");
  if (hash != fnv1a(data.data() + header, data.data() + body_end)) bytes.fail("damaged (its checksum does not match)");
  return net;
}

}  // namespace baloot
