// The "neural" built-in player: plays its cards by the policy head of a network (neural_net.hpp) read
// once per decision from what its seat sees (neural_input.hpp): the legal card of the highest logit, the
// lowest card among equals. With a call network (neural_call_input.hpp) it bids by it: the open call of the
// highest value, the lowest action among equals (kawesh where the strong player would ask for it); it doubles
// as the strong player does, and bids so too without one. It owns the network and the
// strong player's weights it is made with (shared, never changed); it holds no mutable state.
#pragma once

#include <memory>

#include "players/neural_net.hpp"

namespace baloot {

class NeuralPolicy final : public Policy {
 public:
  NeuralPolicy(std::shared_ptr<const NeuralNet> net, std::shared_ptr<const Policy> calls);
  int choose(const HandState& state, Rng& rng) const override;
  // The network's card for the seat to move, which must be playing with two legal cards or more.
  Card card(const SeatView& v) const;
  // The call network's call for the seat to move, which must be bidding with a call network.
  int call(const SeatView& v) const;
  // The calls' class with the score buckets the network reads.
  int score_class(int mine, int theirs) const override;

 private:
  std::shared_ptr<const NeuralNet> net_;
  std::shared_ptr<const Policy> calls_;  // bidding and doubling
};

// The factory case: the player of `network`, calling by the strong player's `strong` weights; a RuleError
// when either is missing.
std::shared_ptr<const Policy> make_neural_policy(std::shared_ptr<const StrongWeights> strong,
                                                 std::shared_ptr<const NeuralNet> network);

}  // namespace baloot
