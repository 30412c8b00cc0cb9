// Training rows for the neural player, from self-play: at each card decision with a choice, what the
// seat sees (neural_input), the legal cards, each legal card's value from the rollout search, and the
// game points the seat's team took over the other's when the hand ended; cards in the canonical order.
#pragma once

#include <cstdint>
#include <vector>

#include "players/neural_input.hpp"
#include "players/rollout_player.hpp"

namespace baloot {

struct NeuralRows {
  std::vector<std::uint16_t> features;  // per row kNeuralMaxActive, the active features then kNeuralInputs
  std::vector<std::uint32_t> legal;     // per row
  std::vector<float> value;             // per row kNumCards: each legal card's mean margin (0 elsewhere)
  std::vector<float> margin;            // per row: the hand's final margin for the seat's team
  std::vector<std::int8_t> chosen;      // per row: the card the player played

  void append(const NeuralRows& more);
};

// Hands 0..hands-1 dealt from stream item_seed(seed, i) (dealer i mod 4), called and played by `player`
// for every seat, or, when `opponent` is given, by `player` for team (i / 4) mod 2 and `opponent` for the
// other, whose decisions make no rows; labelled by `labeller`, or, when it is null, not labelled (every
// value 0: rows to imitate the player's card from, at simulation speed). The result does not depend on
// `threads`.
NeuralRows neural_rows(std::int64_t hands, std::uint64_t seed, const Policy& player, const RolloutPolicy* labeller,
                       const Rules& rules, int threads, const Policy* opponent = nullptr);

}  // namespace baloot
