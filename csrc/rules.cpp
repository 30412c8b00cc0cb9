#include "rules.hpp"

namespace baloot {

int trick_winner(const Card* trick, int n, const Contract& contract) {
  const int led = suit_of(trick[0]);
  int best = 0;
  int best_strength = trick_strength(trick[0], led, contract);
  for (int i = 1; i < n; ++i) {
    const int strength = trick_strength(trick[i], led, contract);
    if (strength > best_strength) {
      best = i;
      best_strength = strength;
    }
  }
  return best;
}

Hand legal_moves(Hand hand, const Card* trick, int n, const Contract& contract, const Rules& rules) {
  const bool needs_winner = n > 0 && contract.mode == Mode::kHokum;
  return legal_moves(hand, trick, n, needs_winner ? trick_winner(trick, n, contract) : 0, contract, rules);
}

}  // namespace baloot
