// Cards, suits, ranks and their orders as 32-bit sets.
// A card is suit * 8 + rank, ranks 7 8 9 10 J Q K A numbered 0..7, suits S H D C numbered 0..3,
// so the bits of one suit form one byte of a Hand and the natural rank order is the sequence order.
#pragma once

#include <cassert>
#include <cstdint>

#include "kernel/bits.hpp"

namespace baloot {

using Card = std::uint8_t;
using Hand = std::uint32_t;

constexpr int kNumSuits = 4;
constexpr int kNumRanks = 8;
constexpr int kNumCards = 32;
constexpr int kNumSeats = 4;
constexpr int kNumTricks = 8;
constexpr int kNoSuit = -1;
constexpr int kNoSeat = -1;

enum Rank : int { kSeven, kEight, kNine, kTen, kJack, kQueen, kKing, kAce };

enum class Mode : std::uint8_t { kSun, kHokum };

constexpr int kSunTotalAbnat = 130;
constexpr int kHokumTotalAbnat = 162;
constexpr int kLastTrickAbnat = 10;
constexpr int total_abnat(Mode mode) { return mode == Mode::kSun ? kSunTotalAbnat : kHokumTotalAbnat; }

constexpr int suit_of(Card c) { return c >> 3; }
constexpr int rank_of(Card c) { return c & 7; }
constexpr Card make_card(int suit, int rank) { return static_cast<Card>(suit * 8 + rank); }
constexpr Hand bit(Card c) { return Hand{1} << c; }
constexpr Hand suit_mask(int suit) { return Hand{0xFF} << (suit * 8); }
constexpr Hand kFullDeck = 0xFFFFFFFFu;
constexpr Hand rank_mask(int rank) { return (Hand{0x01010101u}) << rank; }
constexpr std::uint8_t suit_holding(Hand h, int suit) { return static_cast<std::uint8_t>(h >> (suit * 8)); }

inline int count(Hand h) { return popcount(h); }
// The lowest and the highest card of a nonempty set.
inline Card lowest_card(Hand h) {
  assert(h != 0);
  return static_cast<Card>(__builtin_ctz(h));
}
inline Card highest_card(Hand h) {
  assert(h != 0);
  return static_cast<Card>(31 - __builtin_clz(h));
}
inline Hand without_lowest(Hand h) { return h & (h - 1); }

// Selections written as arithmetic, which compilers keep branch-free: `b ? x : y` on data that varies
// from call to call is often compiled to a branch, and random play mispredicts half of those.
constexpr Hand all_if(bool b) { return Hand{0} - Hand{b}; }
constexpr Hand choose(bool b, Hand if_true, Hand if_false) { return if_false ^ ((if_true ^ if_false) & all_if(b)); }
constexpr Hand or_else(Hand h, Hand fallback) { return h ? h : fallback; }  // h, or fallback if empty

// For every 8-bit holding, the rank of its k-th lowest card.
struct NthInSuit {
  std::uint8_t rank[256][kNumRanks] = {};
  constexpr NthInSuit() {
    for (int holding = 0; holding < 256; ++holding)
      for (int r = 0, k = 0; r < kNumRanks; ++r)
        if (holding >> r & 1) rank[holding][k++] = static_cast<std::uint8_t>(r);
  }
};
constexpr NthInSuit kNthInSuit{};

// The k-th lowest card of h (k < count(h)), with no loop, so that a random choice costs the same
// whichever card it falls on: one bit deposited among h's where the CPU has BMI2; else halve the set
// twice by counting its lower part, and read the card off a table.
inline Card nth_card(Hand h, int k) {
  assert(k >= 0 && k < count(h));
#ifdef __BMI2__
  return lowest_card(_pdep_u32(Hand{1} << k, h));
#else
  const int low_half = count(h & 0xFFFFu);
  const bool in_high_half = k >= low_half;
  const Hand half = in_high_half ? h >> 16 : h & 0xFFFFu;
  k -= low_half & -int{in_high_half};
  const int low_suit = count(half & 0xFFu);
  const bool in_high_suit = k >= low_suit;
  const Hand holding = (in_high_suit ? half >> 8 : half) & 0xFFu;
  k -= low_suit & -int{in_high_suit};
  return make_card(2 * int{in_high_half} + int{in_high_suit}, kNthInSuit.rank[holding][k]);
#endif
}

// Abnat by rank, 7 8 9 10 J Q K A.
constexpr int kPlainAbnat[kNumRanks] = {0, 0, 0, 10, 2, 3, 4, 11};
constexpr int kTrumpAbnat[kNumRanks] = {0, 0, 14, 10, 20, 3, 4, 11};

// Trick-taking strength by rank (higher wins), 7 8 9 10 J Q K A.
// Plain: A 10 K Q J 9 8 7. Trump: J 9 A 10 K Q 8 7.
constexpr int kStrength[2][kNumRanks] = {{0, 1, 2, 6, 3, 4, 5, 7}, {0, 1, 6, 4, 7, 2, 3, 5}};  // [is trump]
inline constexpr const int (&kPlainStrength)[kNumRanks] = kStrength[0];
inline constexpr const int (&kTrumpStrength)[kNumRanks] = kStrength[1];

// The trump suit of a contract, kNoSuit in Sun.
struct Contract {
  Mode mode = Mode::kSun;
  int trump = kNoSuit;

  constexpr bool is_trump(Card c) const { return suit_of(c) == trump; }  // kNoSuit matches no card
  constexpr Hand trump_mask() const { return trump == kNoSuit ? 0 : suit_mask(trump); }
};

// Every contract, numbered: Sun, then Hokum with each trump suit.
constexpr int kNumContracts = 5;
constexpr int contract_index(const Contract& c) { return c.mode == Mode::kSun ? 0 : 1 + c.trump; }
constexpr Contract contract_at(int index) {
  return index == 0 ? Contract{Mode::kSun, kNoSuit} : Contract{Mode::kHokum, index - 1};
}

constexpr int card_abnat(Card c, const Contract& contract) {
  return contract.is_trump(c) ? kTrumpAbnat[rank_of(c)] : kPlainAbnat[rank_of(c)];
}

// Abnat of every 8-bit holding of one suit, plain and trump.
struct SuitAbnat {
  std::uint8_t of[256] = {};
  constexpr explicit SuitAbnat(const int (&by_rank)[kNumRanks]) {
    for (int holding = 0; holding < 256; ++holding)
      for (int r = 0; r < kNumRanks; ++r)
        if (holding >> r & 1) of[holding] = static_cast<std::uint8_t>(of[holding] + by_rank[r]);
  }
};
constexpr SuitAbnat kPlainSuitAbnat{kPlainAbnat};
constexpr SuitAbnat kTrumpSuitAbnat{kTrumpAbnat};

// Abnat of a whole set of cards, one suit-byte at a time.
constexpr int hand_abnat(Hand h, const Contract& contract) {
  int total = 0;
  for (int suit = 0; suit < kNumSuits; ++suit)
    total += (suit == contract.trump ? kTrumpSuitAbnat : kPlainSuitAbnat).of[suit_holding(h, suit)];
  return total;
}

// For each rank, the 8-bit set of ranks of the same suit that beat it under a strength table.
struct RanksAbove {
  std::uint8_t of[kNumRanks] = {};
  constexpr explicit RanksAbove(const int (&strength)[kNumRanks]) {
    for (int r = 0; r < kNumRanks; ++r)
      for (int other = 0; other < kNumRanks; ++other)
        if (strength[other] > strength[r]) of[r] |= static_cast<std::uint8_t>(1u << other);
  }
};
constexpr RanksAbove kPlainAbove{kPlainStrength};
constexpr RanksAbove kTrumpAbove{kTrumpStrength};

// The cards of the same suit as `c` that beat it when that suit is trump.
constexpr Hand trumps_above(Card c) {
  return Hand{kTrumpAbove.of[rank_of(c)]} << (suit_of(c) * 8);
}

constexpr int seat_after(int seat, int steps = 1) { return (seat + steps) & 3; }
constexpr int team_of(int seat) { return seat & 1; }
constexpr int partner_of(int seat) { return seat ^ 2; }

}  // namespace baloot
