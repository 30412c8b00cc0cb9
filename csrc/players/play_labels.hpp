// Training data for the learned card play: hands played by a player, and at each card decision with a
// choice, the features of every card the seat may play and the value the rollout search gives it.
#pragma once

#include <cstdint>
#include <vector>

#include "players/play_features.hpp"
#include "players/rollout_player.hpp"

namespace baloot {

struct PlayLabels {
  std::vector<std::int8_t> context;  // per decision: play_features' context
  std::vector<std::int8_t> count;    // per decision: the cards that may be played
  std::vector<float> features;       // per card, kPlayFeatures values
  std::vector<float> value;          // per card: the seat's team's mean game points over the other's
  std::vector<std::int8_t> card;     // per card
};

// Hands 0..hands-1 (hand i dealt and played from stream item_seed(seed, i), dealer i mod 4, every seat
// calling and playing as `player`); every card decision with a choice is labelled by `labeller`. The
// result does not depend on `threads`.
PlayLabels play_labels(std::int64_t hands, std::uint64_t seed, const Policy& player, const RolloutPolicy& labeller,
                       const Rules& rules, int threads);

}  // namespace baloot
