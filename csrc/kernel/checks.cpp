#include "kernel/checks.hpp"

#include <string>

namespace baloot {

Card checked_card(int card) {
  if (card < 0 || card >= kNumCards) throw RuleError("card index " + std::to_string(card) + " is not 0..31");
  return static_cast<Card>(card);
}

Hand checked_hand(std::uint64_t mask) {
  if (mask >> kNumCards) throw RuleError("card mask " + std::to_string(mask) + " has bits above 31");
  return static_cast<Hand>(mask);
}

Mode checked_mode(int mode) {
  if (mode != 0 && mode != 1) throw RuleError("mode " + std::to_string(mode) + " is not 0 (sun) or 1 (hokum)");
  return static_cast<Mode>(mode);
}

Contract checked_contract(int mode, int trump) {
  Contract c{checked_mode(mode), trump};
  if (c.mode == Mode::kSun && trump != kNoSuit) throw RuleError("Sun has no trump, got suit " + std::to_string(trump));
  if (c.mode == Mode::kHokum && (trump < 0 || trump >= kNumSuits))
    throw RuleError("Hokum needs a trump suit 0..3, got " + std::to_string(trump));
  return c;
}

int checked_seat(int seat, const char* what) {
  if (seat < 0 || seat >= kNumSeats) throw RuleError(std::string(what) + " " + std::to_string(seat) + " is not a seat 0..3");
  return seat;
}

void checked_deck(const int* cards, std::size_t count, Card (&deck)[kNumCards]) {
  if (count != kNumCards) throw RuleError("a deck needs 32 cards, got " + std::to_string(count));
  Hand seen = 0;
  for (int i = 0; i < kNumCards; ++i) {
    deck[i] = checked_card(cards[i]);
    if (seen & bit(deck[i])) throw RuleError("card index " + std::to_string(deck[i]) + " appears twice in the deck");
    seen |= bit(deck[i]);
  }
}

}  // namespace baloot
