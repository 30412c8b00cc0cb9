// Review of one decision of a played hand, from the deciding seat's information only: the cards it
// cannot see are dealt again consistently with everything it has seen, and every candidate action
// is played out on each such world with the same random stream (common random numbers).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "engine/analyze.hpp"
#include "players/neural_net.hpp"
#include "players/worlds.hpp"

namespace baloot {

// Worlds dealt for each one that inference keeps.
constexpr int kInferenceWorlds = 8;
constexpr int kMaxInferenceWorlds = 256;

// Worlds that the seat to move in `at` cannot tell from the true one. In bidding and doubling: its
// first five cards and the up-card stay, every other card is shuffled. In play: the other hands are
// dealt by the pimc player's HiddenDealer (voids and refusals shown, the up-card with its holder),
// with the cards of projects already declared kept with their declarers, and worlds whose declared
// projects differ from the ones seen are drawn again. With an inference network, each world of play
// is one of `inference_worlds` so dealt, picked with probability in proportion to how likely the
// network finds the other seats' plays in it (neural_likelihood.hpp).
class WorldSampler {
 public:
  // `q` holds the true deal and the history up to the decision; `at` is its replay.
  WorldSampler(const DecisionQuestion& q, const HandState& at, const NeuralNet* inference = nullptr,
               int inference_worlds = kInferenceWorlds);
  HandState sample(Rng& rng) const;

 private:
  // A world of play; with `log_weight`, the log-likelihood of the other seats' plays in it.
  HandState deal_play(Rng& rng, std::int64_t* log_weight) const;
  // The world of `deck` at the decision, and the log-likelihood of the other seats' plays in it.
  HandState weighed_replay(const Card (&deck)[kNumCards], std::int64_t& log_weight) const;
  bool same_declared_projects(const HandState& world) const;

  DecisionQuestion seen_;  // the question with `known` set to what the seat saw of the deal
  const HandState& at_;
  int positions_[kNumSeats][kNumTricks] = {};  // deck positions of each seat's eight cards (the up-card's excepted)
  int position_count_[kNumSeats] = {};
  Hand played_by_[kNumSeats] = {};
  std::unique_ptr<HiddenDealer> dealer_;  // play only
  const NeuralNet* inference_;
  int inference_worlds_;
};

// Margins of the deciding seat's team (own points minus the opponents') for samples [0, count) and
// every candidate, row-major [samples][candidates], and when not null the team's points and the
// outcome flags in the same layout; returns the number of samples completed. Worlds of play are weighed
// by the `inference` network when it is given (WorldSampler).
std::int64_t review_decision(const DecisionQuestion& q, std::int64_t count, int threads, std::int16_t* margin,
                             std::atomic<std::int64_t>& done, const std::atomic<bool>& stop,
                             std::int16_t* own_points = nullptr, std::uint8_t* flags = nullptr,
                             const NeuralNet* inference = nullptr, int inference_worlds = kInferenceWorlds);

}  // namespace baloot
