// The "strong" built-in player: bids on its turns by learned values (StrongWeights: the expected gain
// of each call over passing, fitted on bids played out by this player's own play), and otherwise
// calls, doubles and plays as the expert. Reads the game only through a SeatView and holds no
// mutable state.
#pragma once

#include <memory>

#include "endgame_search.hpp"
#include "heuristic.hpp"
#include "strong_weights.hpp"

namespace baloot {

class StrongPolicy final : public Policy {
 public:
  StrongPolicy(std::shared_ptr<const StrongWeights> weights, const HeuristicParams& params, const EndgameSearch& endgame);
  int choose(const HandState& state, Rng& rng) const override;

 private:
  int bid_on_turn(const SeatView& v) const;
  std::shared_ptr<const StrongWeights> w_;
  HeuristicPolicy expert_;
  EndgameSearch endgame_;
};

// The factory case: the weights of strong_weights(), the endgame search of the options endgame_tricks and
// endgame_samples, and the expert's parameters overridden by the other options.
std::shared_ptr<const Policy> make_strong_policy(const PolicyOptions& options);

}  // namespace baloot
