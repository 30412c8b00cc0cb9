// Review of one decision of a played hand, from the deciding seat's information only: the cards it
// cannot see are dealt again consistently with everything it has seen, and every candidate action
// is played out on each such world with the same random stream (common random numbers).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "engine/analyze.hpp"
#include "players/worlds.hpp"

namespace baloot {

// Worlds that the seat to move in `at` cannot tell from the true one. In bidding and doubling: its
// first five cards and the up-card stay, every other card is shuffled. In play: the other hands are
// dealt by the pimc player's HiddenDealer (voids and refusals shown, the up-card with its holder),
// with the cards of projects already declared kept with their declarers, and worlds whose declared
// projects differ from the ones seen are drawn again.
class WorldSampler {
 public:
  // `q` holds the true deal and the history up to the decision; `at` is its replay.
  WorldSampler(const DecisionQuestion& q, const HandState& at);
  HandState sample(Rng& rng) const;

 private:
  HandState sample_play(Rng& rng) const;
  bool same_declared_projects(const HandState& world) const;

  DecisionQuestion seen_;  // the question with `known` set to what the seat saw of the deal
  const HandState& at_;
  int positions_[kNumSeats][kNumTricks] = {};  // deck positions of each seat's eight cards (the up-card's excepted)
  int position_count_[kNumSeats] = {};
  Hand played_by_[kNumSeats] = {};
  std::unique_ptr<HiddenDealer> dealer_;  // play only
};

// Margins of the deciding seat's team (own points minus the opponents') for samples [0, count) and
// every candidate, row-major [samples][candidates], and when not null the team's points and the
// outcome flags in the same layout; returns the number of samples completed.
std::int64_t review_decision(const DecisionQuestion& q, std::int64_t count, int threads, std::int16_t* margin,
                             std::atomic<std::int64_t>& done, const std::atomic<bool>& stop,
                             std::int16_t* own_points = nullptr, std::uint8_t* flags = nullptr);

}  // namespace baloot
