// Bit helpers on 32-bit sets, for card sets (a Hand) and for sets whose bytes are the four suits.
#pragma once

#include <cstdint>
#ifdef __BMI2__
#include <immintrin.h>
#endif

namespace baloot {

// How many bits x holds: the CPU's popcnt where the build targets one, else bit arithmetic (without
// -mpopcnt, __builtin_popcount is a library call).
inline int popcount(std::uint32_t x) {
#ifdef __POPCNT__
  return __builtin_popcount(x);
#else
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  return static_cast<int>((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
#endif
}

// The index of the highest set bit of x (x nonempty), and the set of the bits above bit b.
inline int top_bit(std::uint32_t x) { return 31 - __builtin_clz(x); }
inline std::uint32_t bits_above(int b) { return ~((2u << b) - 1); }

// The bits of x at the positions of mask, packed at the bottom (BMI2's pext where the CPU has it).
inline std::uint32_t compress(std::uint32_t x, std::uint32_t mask) {
#ifdef __BMI2__
  return _pext_u32(x, mask);
#else
  std::uint32_t out = 0;
  for (std::uint32_t b = 1; mask; mask &= mask - 1, b <<= 1)
    if (x & mask & (0u - mask)) out |= b;
  return out;
#endif
}

// The lowest n set bits of x (all of them when x holds fewer; BMI2's pdep where the CPU has it).
inline std::uint32_t lowest_bits(std::uint32_t x, int n) {
#ifdef __BMI2__
  return _pdep_u32((1u << n) - 1, x);
#else
  std::uint32_t out = 0;
  for (; x && n > 0; --n, x &= x - 1) out |= x & (0u - x);
  return out;
#endif
}

// How many bits each byte of x holds, one count per byte.
inline std::uint32_t byte_counts(std::uint32_t x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  return (x + (x >> 4)) & 0x0F0F0F0Fu;
}

// Each byte of x with every bit below its top bit set.
inline std::uint32_t fill_below_byte_tops(std::uint32_t x) {
  x |= x >> 1 & 0x7F7F7F7Fu;
  x |= x >> 2 & 0x3F3F3F3Fu;
  return x | (x >> 4 & 0x0F0F0F0Fu);
}

// The top bit of each nonempty byte of x.
inline std::uint32_t nonempty_bytes(std::uint32_t x) { return (((x & 0x7F7F7F7Fu) + 0x7F7F7F7Fu) | x) & 0x80808080u; }

}  // namespace baloot
