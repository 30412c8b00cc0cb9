// The worlds of a call: the hand as it stands at a bidding or doubling decision, in a deal of the cards
// the seat to move cannot see that fits the calls so far. A world fits when the heuristic player, making
// the other seats' calls from the start of the deal (the seat's own calls as it made them), reaches the
// same calls as the real hand.
#pragma once

#include "policy.hpp"

namespace baloot {

class CallWorlds {
 public:
  explicit CallWorlds(const SeatView& view);
  // Deals a world with `rng` and rebuilds the calls in it into `state`; false when the world does not
  // fit the calls so far (state is then unspecified).
  bool draw(const Policy& model, Rng& rng, HandState& state) const;

 private:
  bool same_calls(const HandState& state) const;
  const SeatView& view_;
  Card deck_[kNumCards] = {};
  int open_[kNumCards] = {};  // the deck positions of the cards the seat cannot see
  int n_open_ = 0;
};

}  // namespace baloot
