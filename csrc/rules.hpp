// Host options and the trick rules they shape: legal moves and the trick winner.
#pragma once

#include <stdexcept>
#include <string>

#include "cards.hpp"

namespace baloot {

// Raised by the core for bad input; the bindings turn it into baloot.BalootError.
class RuleError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

enum class KabootBonus : std::uint8_t { kNormal, kDouble, kOff };

// Every host option that changes what the core does. Defaults are the seed's.
struct Rules {
  bool ashkal = true;
  bool sun_priority = true;
  bool must_overtrump = true;
  bool trump_over_partner = false;
  KabootBonus kaboot = KabootBonus::kNormal;
  int target = 152;
  bool hokum_to_sun = false;         // R8 variant: a Hokum caller nobody overcalls may switch to Sun.
  bool sun_tens_first = false;       // R34 variant: round Sun abnat to the nearest 10 before halving.
  bool baloot_in_hundred = true;     // R28 variant off: no Baloot when K and Q sit in a scored Hundred.
};

// Whether `card` takes the trick from `winning`, the card now winning it (a led-suit card or a trump).
constexpr bool beats(Card card, Card winning, const Contract& contract) {
  if (suit_of(card) != suit_of(winning)) return contract.is_trump(card);
  const int (&order)[kNumRanks] = contract.is_trump(card) ? kTrumpStrength : kPlainStrength;
  return order[rank_of(card)] > order[rank_of(winning)];
}

// Index in trick[0..n) of the card currently winning; n is 1..4.
inline int trick_winner(const Card* trick, int n, const Contract& contract) {
  int best = 0;
  for (int i = 1; i < n; ++i)
    if (beats(trick[i], trick[best], contract)) best = i;
  return best;
}

// The cards of `hand` that may be played onto trick[0..n) when the caller already knows the index of
// the winning card (any value when n is 0).
// Inline: the state asks it before every card a player chooses.
inline Hand legal_moves(Hand hand, const Card* trick, int n, int winner, const Contract& contract, const Rules& rules) {
  if (n == 0) return hand;
  const int led = suit_of(trick[0]);
  const Hand following = hand & suit_mask(led);
  if (contract.mode == Mode::kSun) return following ? following : hand;

  // The duty to beat a winning trump, narrowed to what the hand can beat; the whole group if it cannot.
  const auto beat_if_able = [](Hand group, Card winning, bool must_beat) {
    if (!must_beat) return group;
    const Hand higher = group & trumps_above(winning);
    return higher ? higher : group;
  };
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

// The cards of `hand` that may be played onto trick[0..n), n is 0..3 (R17-R20).
inline Hand legal_moves(Hand hand, const Card* trick, int n, const Contract& contract, const Rules& rules) {
  const bool needs_winner = n > 0 && contract.mode == Mode::kHokum;
  return legal_moves(hand, trick, n, needs_winner ? trick_winner(trick, n, contract) : 0, contract, rules);
}

}  // namespace baloot
