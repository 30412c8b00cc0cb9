// The "neural" built-in player: plays its cards by the policy head of a network (neural_net.hpp) read
// once per decision from what its seat sees (neural_input.hpp): the legal card of the highest logit, the
// lowest card among equals. It bids and doubles as the strong player does. The network belongs to the
// player (no state is shared between players but the read-only weights they were built with).
#pragma once

#include <memory>
#include <string>

#include "players/neural_net.hpp"

namespace baloot {

class NeuralPolicy final : public Policy {
 public:
  NeuralPolicy(std::shared_ptr<const NeuralNet> net, std::shared_ptr<const Policy> calls);
  int choose(const HandState& state, Rng& rng) const override;
  // The network's card for the seat to move, which must be playing with two legal cards or more.
  Card card(const SeatView& v) const;

 private:
  std::shared_ptr<const NeuralNet> net_;
  std::shared_ptr<const Policy> calls_;  // bidding and doubling
};

// The factory case: the weights read from `weights_path` (neural_weights_path() when empty); no numeric
// option is taken.
std::shared_ptr<const Policy> make_neural_policy(const PolicyOptions& options, const std::string& weights_path = "");

}  // namespace baloot
