// How likely the neural network finds the plays of a world: the inference that weighs the worlds of the
// hidden cards by how the other seats played in them (policy-based inference). Integers throughout, in
// the logits' unit (1 / kNeuralOutputOne of a nat), so that every build weighs and picks the same worlds.
#pragma once

#include <cstdint>

#include "kernel/rng.hpp"
#include "players/neural_net.hpp"

namespace baloot {

// A play is never taken as less likely than this (about 5%, in logit units): the seats need not play as
// the network would, and one unexpected card should not rule a world out.
constexpr int kNeuralPlayFloor = 3 * kNeuralOutputOne;

// The log-probability of `card` (which must be legal) for the seat to move in `v` under the softmax of the
// network's logits over its legal cards, at least -kNeuralPlayFloor; 0 when the card is the only one.
int neural_play_log_probability(const NeuralNet& net, const SeatView& v, Card card);

// Picks one of `count` (at most 256) items of log-weights `log_weight` (in logit units), each with probability in
// proportion to its weight, by one draw of `rng`.
int pick_by_log_weight(const std::int64_t* log_weight, int count, Rng& rng);

}  // namespace baloot
