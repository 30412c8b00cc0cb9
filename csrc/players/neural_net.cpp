#include "players/neural_net.hpp"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <type_traits>
#include <vector>

#include "kernel/rules.hpp"

namespace baloot {

namespace {

// The first layer: b1 plus the active columns of w1, wrapping as int16. GCC's and Clang's vector types:
// AVX2 registers where the build has them, 16-byte ones otherwise (SSE2, NEON); the same integers.
#ifdef __AVX2__
#define BALOOT_NEURAL_VECTOR 32
#else
#define BALOOT_NEURAL_VECTOR 16
#endif
using Int16s = std::int16_t __attribute__((vector_size(BALOOT_NEURAL_VECTOR), may_alias));
constexpr int kLanes = BALOOT_NEURAL_VECTOR / 2, kVectors = kNeuralL1 / kLanes;
static_assert(kNeuralL1 % kLanes == 0, "the first layer fills whole vectors");
static_assert(kNeuralL1 * sizeof(std::int16_t) % 32 == 0, "each column of w1 starts 32-byte aligned");

void accumulate(const NeuralNet& net, const std::uint16_t* active, int count, std::int16_t (&acc)[kNeuralL1]) {
  Int16s sum[kVectors];
  std::memcpy(sum, net.b1, sizeof sum);
  for (int i = 0; i < count; ++i) {
    const auto* column = reinterpret_cast<const Int16s*>(net.w1[active[i]]);
    for (int r = 0; r < kVectors; ++r) sum[r] += column[r];
  }
  std::memcpy(acc, sum, sizeof acc);
}

std::int32_t clip(std::int32_t x) { return std::min(std::max(x, 0), kNeuralOne); }

// Products of int16 summed in int32: the compiler's multiply-add of pairs (pmaddwd and the like).
template <int In>
std::int32_t dot(const std::int16_t (&w)[In], std::int32_t b, const std::int16_t (&in)[In]) {
  std::int32_t z = 0;
  for (int j = 0; j < In; ++j) z += static_cast<std::int32_t>(in[j]) * w[j];
  return z + b;
}

template <int In, int Out>
void dense(const std::int16_t (&w)[Out][In], const std::int32_t (&b)[Out], const std::int16_t (&in)[In],
           std::int16_t (&out)[Out]) {
  for (int o = 0; o < Out; ++o) out[o] = static_cast<std::int16_t>(clip(dot(w[o], b[o], in) >> kNeuralShift));
}

}  // namespace

void neural_forward(const NeuralNet& net, const std::uint16_t* active, int count, NeuralOutput& out) {
  alignas(32) std::int16_t acc[kNeuralL1];
  accumulate(net, active, count, acc);
  alignas(32) std::int16_t a1[kNeuralL1], a2[kNeuralL2], a3[kNeuralL3];
  for (int j = 0; j < kNeuralL1; ++j) a1[j] = static_cast<std::int16_t>(clip(acc[j]));
  dense(net.w2, net.b2, a1, a2);
  dense(net.w3, net.b3, a2, a3);
  for (int c = 0; c < kNumCards; ++c) out.policy[c] = dot(net.wp[c], net.bp[c], a3);
  out.value = dot(net.wv, net.bv, a3);
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

  // `count` values of type Stored into `values`.
  template <typename Stored, typename T>
  void fill(T* values, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) values[i] = next<Stored>();
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

std::shared_ptr<NeuralNet> read_neural_net(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw RuleError("neural player weights " + path + ": no such file or not readable (reinstall baloot)");
  const std::vector<char> data((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const std::string header = std::string(kNeuralHeader) + "\n";
  Bytes bytes(path, data, header.size());
  if (data.size() < header.size() || std::memcmp(data.data(), header.data(), header.size()) != 0)
    bytes.fail(std::string("does not begin with \"") + kNeuralHeader + "\"");
  const std::int32_t expected[] = {kNeuralInputs, kNeuralL1, kNeuralL2, kNeuralL3, kNumCards};
  for (const std::int32_t size : expected) {
    const std::int32_t got = bytes.next<std::int32_t>();
    if (got != size) bytes.fail("a network of other sizes (" + std::to_string(got) + " where this build has " + std::to_string(size) + ")");
  }
  auto net = std::make_shared<NeuralNet>();
  bytes.fill<std::int16_t>(&net->w1[0][0], std::size(net->w1) * kNeuralL1);
  bytes.fill<std::int16_t>(net->b1, std::size(net->b1));
  bytes.fill<std::int8_t>(&net->w2[0][0], std::size(net->w2) * kNeuralL1);
  bytes.fill<std::int32_t>(net->b2, std::size(net->b2));
  bytes.fill<std::int8_t>(&net->w3[0][0], std::size(net->w3) * kNeuralL2);
  bytes.fill<std::int32_t>(net->b3, std::size(net->b3));
  bytes.fill<std::int8_t>(&net->wp[0][0], std::size(net->wp) * kNeuralL3);
  bytes.fill<std::int32_t>(net->bp, std::size(net->bp));
  bytes.fill<std::int8_t>(net->wv, std::size(net->wv));
  net->bv = bytes.next<std::int32_t>();
  const std::size_t body_end = bytes.at();
  const std::uint64_t hash = bytes.next<std::uint64_t>();
  if (bytes.at() != data.size()) bytes.fail("bytes after the end of the network");
  if (hash != fnv1a(data.data() + header.size(), data.data() + body_end)) bytes.fail("damaged (its checksum does not match)");
  return net;
}

}  // namespace baloot
