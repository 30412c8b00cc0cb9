#include "rules.hpp"

namespace baloot {

namespace {

// The duty to beat a winning trump, narrowed to what the hand can beat; the whole group if it cannot.
Hand beat_if_able(Hand group, Card winning, bool must_beat) {
  if (!must_beat) return group;
  const Hand higher = group & trumps_above(winning);
  return higher ? higher : group;
}

}  // namespace

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

Hand legal_moves(Hand hand, const Card* trick, int n, int winner, const Contract& contract, const Rules& rules) {
  if (n == 0) return hand;
  const int led = suit_of(trick[0]);
  const Hand following = hand & suit_mask(led);
  if (contract.mode == Mode::kSun) return following ? following : hand;

  const Card winning = trick[winner];
  const bool partner_winning = winner == n - 2;
  const bool partner_excuses = partner_winning && !rules.trump_over_partner;

  if (led == contract.trump) {
    if (!following) return hand;
    return beat_if_able(following, winning, rules.must_overtrump && !partner_excuses);
  }
  if (following) return following;
  const Hand trumps = hand & contract.trump_mask();
  if (!trumps || partner_excuses) return hand;
  const bool trump_is_winning = contract.is_trump(winning);
  return beat_if_able(trumps, winning, rules.must_overtrump && trump_is_winning);
}

}  // namespace baloot
