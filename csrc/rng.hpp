// A small, fast, seedable generator: xoshiro256** seeded through splitmix64.
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

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0) {
    for (auto& word : s_) word = splitmix64(seed);
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, n) for n <= 2^32, by Lemire's multiply-shift (bias below 2^-32 per draw, n <= 32 here).
  std::uint32_t below(std::uint32_t n) {
    return static_cast<std::uint32_t>(((next() >> 32) * n) >> 32);
  }

  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

}  // namespace baloot
