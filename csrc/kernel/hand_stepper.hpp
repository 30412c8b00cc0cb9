// A hand stepped one action at a time with the record of every action and the seat that took it: what
// baloot.Game steps, what a game record replays, and what the PettingZoo environment steps through Game.
#pragma once

#include <cstdint>
#include <vector>

#include "kernel/hand.hpp"

namespace baloot {

class HandStepper {
 public:
  explicit HandStepper(const HandState& state) : state_(state) {}

  const HandState& state() const { return state_; }
  // Applies `action` of the seat to move, which must be legal (HandState::is_legal), records it and returns
  // the seat to move next (kNoSeat once the hand is over).
  int apply(int action) {
    steps_.push_back(Step{static_cast<std::int8_t>(action), static_cast<std::int8_t>(state_.to_move())});
    state_.apply(action);
    return state_.to_move();
  }
  int size() const { return static_cast<int>(steps_.size()); }
  int action(int i) const { return steps_[static_cast<std::size_t>(i)].action; }
  int mover(int i) const { return steps_[static_cast<std::size_t>(i)].mover; }

 private:
  struct Step {
    std::int8_t action;
    std::int8_t mover;
  };
  HandState state_;
  std::vector<Step> steps_;
};

}  // namespace baloot
