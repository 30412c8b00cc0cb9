// A small, fast, seedable generator: wyrand (Wang Yi's generator, the default of Go's runtime and of
// Zig; passes BigCrush and PractRand), seeded through splitmix64. Each hand of a run has its own stream.
#pragma once

#include <cstdint>

namespace baloot {

constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// The seed of item `index` of a run seeded with `seed`: the same pair always gives the same stream,
// whatever the thread or machine that plays it.
constexpr std::uint64_t item_seed(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t state = seed ^ 0x6A09E667F3BCC909ull;
  splitmix64(state);
  state ^= index * 0xD1B54A32D192ED03ull;
  return splitmix64(state);
}

// The 128-bit product of a and b, folded to 64 bits by xoring its halves.
inline std::uint64_t multiply_fold(std::uint64_t a, std::uint64_t b) {
#if defined(__SIZEOF_INT128__)
  const unsigned __int128 product = static_cast<unsigned __int128>(a) * b;
  return static_cast<std::uint64_t>(product >> 64) ^ static_cast<std::uint64_t>(product);
#else
  const std::uint64_t a_lo = a & 0xFFFFFFFFu, a_hi = a >> 32, b_lo = b & 0xFFFFFFFFu, b_hi = b >> 32;
  const std::uint64_t lo_lo = a_lo * b_lo, hi_lo = a_hi * b_lo, lo_hi = a_lo * b_hi, hi_hi = a_hi * b_hi;
  const std::uint64_t middle = (lo_lo >> 32) + (hi_lo & 0xFFFFFFFFu) + lo_hi;
  const std::uint64_t high = hi_hi + (hi_lo >> 32) + (middle >> 32);
  const std::uint64_t low = (middle << 32) | (lo_lo & 0xFFFFFFFFu);
  return high ^ low;
#endif
}

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0) : state_(splitmix64(seed)) {}

  std::uint64_t next() {
    state_ += 0xA0761D6478BD642Full;
    return multiply_fold(state_, state_ ^ 0xE7037ED1A0B428DBull);
  }

  // Uniform in [0, n) for n <= 2^32, by Lemire's multiply-shift (bias below n / 2^32; n <= 32 here).
  std::uint32_t below(std::uint32_t n) {
    return static_cast<std::uint32_t>(((next() >> 32) * n) >> 32);
  }

  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  std::uint64_t state_;
};

}  // namespace baloot
