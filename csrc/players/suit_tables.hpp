// Facts about cards and one-suit holdings that the rule-based players read: trick strength and abnat
// under each trump choice, the order of a holding's cards, masters and beaters, suit shapes and masks.
// All of it is computed at compile time.
#pragma once

#include <cassert>
#include <cstdint>

#include "kernel/bits.hpp"
#include "kernel/cards.hpp"

namespace baloot {

// ---- Tables --------------------------------------------------------------------------------------

// Per-trump tables are indexed by the contract's trump suit plus one: 0 is Sun.
constexpr int kTrumpChoices = kNumSuits + 1;
constexpr int trump_index(int trump) { return trump + 1; }

// Every card's trick strength within its suit (0 weakest .. 7) and abnat, under each trump choice.
struct CardFacts {
  std::uint8_t strength[kTrumpChoices][kNumCards] = {};
  std::uint8_t abnat[kTrumpChoices][kNumCards] = {};
  constexpr CardFacts() {
    for (int ti = 0; ti < kTrumpChoices; ++ti) {
      for (int c = 0; c < kNumCards; ++c) {
        const bool trump = c / kNumRanks == ti - 1;
        const int r = c % kNumRanks;
        strength[ti][c] = static_cast<std::uint8_t>(trump ? kTrumpStrength[r] : kPlainStrength[r]);
        abnat[ti][c] = static_cast<std::uint8_t>(trump ? kTrumpAbnat[r] : kPlainAbnat[r]);
      }
    }
  }
};
inline constexpr CardFacts kFacts{};

// For each 8-bit holding of one suit, plain (0) and trump (1): the ranks that beat every card of the
// holding (all ranks when it is empty), its weakest and strongest rank, and the rank best given to a
// partner (most abnat, then the weakest).
struct SuitOrder {
  std::uint8_t beat_all[2][256] = {};
  std::uint8_t weakest[2][256] = {};
  std::uint8_t strongest[2][256] = {};
  std::uint8_t most_given[2][256] = {};
  constexpr SuitOrder() {
    for (int t = 0; t < 2; ++t) {
      const int(&strength)[kNumRanks] = t ? kTrumpStrength : kPlainStrength;
      const int(&abnat)[kNumRanks] = t ? kTrumpAbnat : kPlainAbnat;
      for (int h = 0; h < 256; ++h) {
        int top = -1, low = kNumRanks, given = -1;
        for (int r = 0; r < kNumRanks; ++r) {
          if (!(h >> r & 1)) continue;
          if (top < 0 || strength[r] > strength[top]) top = r;
          if (low == kNumRanks || strength[r] < strength[low]) low = r;
          if (given < 0 || 16 * abnat[r] - strength[r] > 16 * abnat[given] - strength[given]) given = r;
        }
        most_given[t][h] = static_cast<std::uint8_t>(given < 0 ? 0 : given);
        int beat = 0;
        for (int r = 0; r < kNumRanks; ++r)
          if (top < 0 || strength[r] > strength[top]) beat |= 1 << r;
        beat_all[t][h] = static_cast<std::uint8_t>(beat);
        weakest[t][h] = static_cast<std::uint8_t>(low == kNumRanks ? 0 : low);
        strongest[t][h] = static_cast<std::uint8_t>(top < 0 ? 0 : top);
      }
    }
  }
};
inline constexpr SuitOrder kSuitOrder{};

// The cards of `mine` that are masters of their suit: no card of `theirs` in that suit beats them.
// Every suit is read as plain, then the trump suit again as trump.
inline Hand masters(Hand mine, Hand theirs, int trump) {
  Hand beat_all = 0;
  for (int s = 0; s < kNumSuits; ++s) beat_all |= Hand{kSuitOrder.beat_all[0][suit_holding(theirs, s)]} << (8 * s);
  if (trump != kNoSuit) {
    beat_all &= ~suit_mask(trump);
    beat_all |= Hand{kSuitOrder.beat_all[1][suit_holding(theirs, trump)]} << (8 * trump);
  }
  return mine & beat_all;
}

// The weakest / strongest card of a non-empty holding `h` of suit `suit`.
inline Card weakest_in(Hand h, int suit, int trump) {
  assert(suit_holding(h, suit) != 0);
  return make_card(suit, kSuitOrder.weakest[suit == trump][suit_holding(h, suit)]);
}
inline Card strongest_in(Hand h, int suit, int trump) {
  assert(suit_holding(h, suit) != 0);
  return make_card(suit, kSuitOrder.strongest[suit == trump][suit_holding(h, suit)]);
}

inline Hand plain_above(Card c) { return Hand{kPlainAbove.of[rank_of(c)]} << (8 * suit_of(c)); }

// The cards that would beat `winning`, the card now winning a trick (a trump or of the led suit).
inline Hand beaters_of(Card winning, int trump) {
  if (suit_of(winning) == trump) return trumps_above(winning);
  return plain_above(winning) | (trump == kNoSuit ? 0 : suit_mask(trump));
}

// The 4-bit set of suits in which `h` holds a card.
inline unsigned suits_of(Hand h) {
  // Fold each suit byte onto its lowest bit, then gather those four bits into bits 24..27.
  Hand any = h | h >> 4;
  any |= any >> 2;
  any |= any >> 1;
  return ((any & 0x01010101u) * 0x01020408u) >> 24;
}

// For each 8-bit holding of one suit: its card when it holds only one (a singleton), and its other
// card when it holds exactly the 10 and one more (the 10's only guard).
struct SuitShapes {
  std::uint8_t single[256] = {};
  std::uint8_t ten_guard[256] = {};
  constexpr SuitShapes() {
    for (int h = 0; h < 256; ++h) {
      const int rest = h & (h - 1);
      if (h && !rest) single[h] = static_cast<std::uint8_t>(h);
      if (rest && !(rest & (rest - 1)) && (h >> kTen & 1)) ten_guard[h] = static_cast<std::uint8_t>(h & ~(1 << kTen));
    }
  }
};
inline constexpr SuitShapes kSuitShapes{};

// The Hand mask of a 4-bit set of suits.
constexpr Hand suits_mask(unsigned suits) {
  return (suits & 1 ? suit_mask(0) : 0) | (suits & 2 ? suit_mask(1) : 0) | (suits & 4 ? suit_mask(2) : 0) |
         (suits & 8 ? suit_mask(3) : 0);
}

// The cards outside each 4-bit set of suits.
struct OutsideSuits {
  Hand of[16] = {};
  constexpr OutsideSuits() {
    for (unsigned m = 0; m < 16; ++m) of[m] = ~suits_mask(m);
  }
};
inline constexpr OutsideSuits kOutsideSuits{};

}  // namespace baloot
