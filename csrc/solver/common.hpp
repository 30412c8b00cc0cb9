// What every part of the search shares: its constants, and the views of a suit in strength order.
#pragma once

#include "solver/solver.hpp"

namespace baloot {

constexpr int kInf = 1000;
// The powers (strength positions) of the zero-abnat cards: 7 8 9 of a plain suit, 7 8 of the trump suit.
constexpr std::uint32_t kZeroPowers[2] = {0x07, 0x03};

// A suit's byte of a set in strength order (see Solver::powers_).
inline std::uint32_t suit_byte(std::uint32_t powers, int suit) { return powers >> (8 * suit) & 0xFF; }

// Whether h holds c, which may be kNoMove (no card).
inline bool holds(Hand h, Card c) { return c < kNumCards && (h >> c & 1); }

inline Hand all_hands(const Hand (&hands)[kNumSeats]) { return hands[0] | hands[1] | hands[2] | hands[3]; }

// A card and its ordering score in one int: a higher score sorts first, and equal scores keep the
// cards in increasing order.
inline int ranked(Card c, int score) { return score * 256 + (c ^ 255); }
inline Card card_of_ranked(int key) { return static_cast<Card>(~key); }

inline std::uint32_t Solver::pw(Hand h, int suit) const { return to_pw_[suit][suit_holding(h, suit)]; }
inline Hand Solver::from_pw(std::uint32_t bits, int suit) const { return Hand{from_pw_[suit][bits]} << (8 * suit); }

}  // namespace baloot
