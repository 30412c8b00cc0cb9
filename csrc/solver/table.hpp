// The transposition table at trick boundaries, keyed by shape, and the key of the endings' cache.
// Part of the search's translation unit, included by search.cpp alone: the functions are defined here
// as in one source file, so that GCC makes the same inlining choices as it would there.
#pragma once

#include <algorithm>

#include "solver/common.hpp"

namespace baloot {

// Boundaries of one shape (the same leader, and for each remaining card in (suit, strength) order the
// same holder) are the same game: every line of play of one is a line of the other, the k-th card of a
// suit standing for the k-th, with the same legal cards and trick winners; only the abnat of
// corresponding cards differ. So team 0's abnat from one is the other's, give or take what the cards
// that change could lose or gain: a stored boundary bounds every boundary of its shape, its bounds
// widened by those sums (by nothing where only which zero-abnat cards remain differs: one class).
// Buckets of three entries hashed by shape, deeper boundaries kept first; the tag also holds the
// solve's stamp, so entries of earlier solves never match and are the first to be replaced.

std::uint32_t Solver::held_powers() const { return powers_[0] | powers_[1] | powers_[2] | powers_[3]; }

[[gnu::always_inline]] inline Solver::Shape Solver::shape_of(std::uint32_t live) const {
  return {compress(powers_[1] | powers_[3], live), compress(powers_[2] | powers_[3], live), live, byte_counts(live)};
}

std::uint32_t Solver::shape_tag(const Shape& s, std::uint32_t tag) {
  // Suits 0-1's counts to byte 0 and 2-3's to byte 2, then those bytes to bytes 2 and 3.
  const std::uint32_t paired = (s.counts | s.counts >> 4) & 0x00FF00FFu;
  return (paired * 0x10100u & 0xFFFF0000u) | tag;
}

bool Solver::same_shape(const Entry& e, const Shape& s, std::uint32_t tag) {
  return e.odd == s.odd && e.high == s.high && e.tag == shape_tag(s, tag);
}

// What team 0 could lose and gain from a boundary of the shape of `from` to the one of `to` (the same
// number of cards of each suit): the abnat the k-th card of each suit (in strength order) loses and
// gains. As abnat never falls as strength rises, each sum counts, for each step up a suit's strength
// order, the abnat of the step times how many more cards of one set than of the other lie below it,
// which a card in both sets does not change: so only the cards in one set alone are paired, the k-th
// of one with the k-th of the other across all the suits at once.
[[gnu::always_inline]] inline void Solver::abnat_changes(std::uint32_t from, std::uint32_t to, int& loss,
                                                         int& gain) const {
  for (std::uint32_t f = from & ~to, t = to & ~from; f; f &= f - 1, t &= t - 1) {
    const int change = power_abnat_[__builtin_ctz(t)] - power_abnat_[__builtin_ctz(f)];
    if (change > 0) gain += change;
    else loss -= change;
  }
}

Solver::Entry* Solver::bucket(const Shape& s, std::uint32_t tag) {
  const std::uint64_t key = (std::uint64_t{s.high} << 32 | s.odd) ^ std::uint64_t{s.counts} << 16;
  return table_[((key ^ std::uint64_t{tag} << 40) * 0x9E3779B97F4A7C15ull) >> shift_].entries;
}

[[gnu::always_inline]] inline const Solver::Entry* Solver::lookup(const Entry* b, const Shape& s, std::uint32_t tag, int& lo, int& hi) {
  const Entry* own = nullptr;
#pragma GCC unroll 3  // GCC keeps the loop, which costs ~1.3% more instructions over a whole search
  for (int i = 0; i < kBucketEntries; ++i) {
    const Entry& e = b[i];
    if (!same_shape(e, s, tag)) continue;
    int loss = 0, gain = 0;
    if ((e.cards ^ s.cards) & ~zero_powers_) abnat_changes(e.cards, s.cards, loss, gain);
    else own = &e;
    lo = std::max(lo, e.lo - loss);
    hi = std::min(hi, e.hi + gain);
  }
  return own;
}

[[gnu::always_inline]] inline void Solver::store(Entry* b, const Shape& s, std::uint32_t tag, int lo, int hi, Card move) {
  Entry* e = &b[0];
  int victim_rank = kInf;
  for (int i = 0; i < kBucketEntries; ++i) {
    if (same_shape(b[i], s, tag) && !((b[i].cards ^ s.cards) & ~zero_powers_)) {
      e = &b[i];
      lo = std::max(lo, int{e->lo}), hi = std::min(hi, int{e->hi});
      break;
    }
    const int rank = (b[i].tag >> 4 & ((1u << kStampBits) - 1)) != stamp_ ? -1 : b[i].tricks;
    if (rank < victim_rank) victim_rank = rank, e = &b[i];
  }
  *e = Entry{s.odd, s.high, s.cards, shape_tag(s, tag), static_cast<std::uint8_t>(lo), static_cast<std::uint8_t>(hi), move,
             static_cast<std::uint8_t>(tricks_left_)};
}

// The endings' cache (two tricks left) is keyed by the cards themselves, exact values only.
std::uint64_t Solver::boundary_key(Hand remaining) const {
  const Hand zeros = remaining & zero_cards_;
  return (remaining & ~zero_cards_) | zero_key_[0][zeros & 7] | zero_key_[1][zeros >> 8 & 7] |
         zero_key_[2][zeros >> 16 & 7] | zero_key_[3][zeros >> 24 & 7];
}

}  // namespace baloot
