// The worlds of a call: the hand as it stands at a bidding or doubling decision, in a deal of the cards
// the seat to move cannot see that fits the calls so far. A world fits when the heuristic player, making
// the other seats' calls from the start of the deal (the seat's own calls as it made them), reaches the
// same calls as the real hand.
#pragma once

#include "players/policy.hpp"

namespace baloot {

// Whether `model`, making the calls of the seats in `modelled` (a bit per seat) from the start of the deal
// `deck`, reaches the calls of `view`'s hand so far (at a card decision: its contract, buyer, doubling and
// every seat's last bid). The other seats make their calls as they made them: they pass in the rounds
// before the one they last bid in, then make their last bid, and raise the doubling as far as it went.
// `state` is left where the comparison ended.
bool calls_fit(const SeatView& view, const Policy& model, unsigned modelled, const Card (&deck)[kNumCards], Rng& rng,
               HandState& state);

class CallWorlds {
 public:
  explicit CallWorlds(const SeatView& view);
  // Deals a world with `rng` and rebuilds the calls in it into `state`; false when the world does not
  // fit the calls so far (state is then unspecified).
  bool draw(const Policy& model, Rng& rng, HandState& state) const;

 private:
  const SeatView& view_;
  Card deck_[kNumCards] = {};
  int open_[kNumCards] = {};  // the deck positions of the cards the seat cannot see
  int n_open_ = 0;
};

}  // namespace baloot
