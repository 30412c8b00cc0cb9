// Match equity: the chance that team 0 wins the match from every score below the target and every
// dealer. A hand's outcome depends on the match score only through the rules (R30) and the players'
// score_class, so the score pairs fall into a few classes; the hand outcomes of each class and dealer
// are simulated, and a dynamic programme over the score grid turns them into winning chances.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <vector>

#include "engine/match.hpp"

namespace baloot {

// The largest target match_equity takes (the table has target x target x 4 entries).
constexpr int kEquityTargetMax = 1000;

// The classes of the score pairs. Cells are s0 * target + s1 for both scores below the target, then,
// under target_tie=another_hand, target * target + (s - target) for the tied score s from the target to
// tie_top; every tied score at or above tie_top is treated alike.
struct ScoreClasses {
  int target = 0;
  int tie_top = 0;
  std::vector<int> of;                  // cell -> class
  std::vector<std::array<int, 2>> at;   // class -> a score pair of it
  std::vector<int> swapped;             // class -> the class of its score pairs with the teams swapped, or -1
  int cells() const { return static_cast<int>(of.size()); }
};

// Throws RuleError when a player may read the score in any way (kAnyScoreClass) or the target is
// above kEquityTargetMax.
ScoreClasses score_classes(const Rules& rules, const Policy* const (&players)[kNumSeats]);

struct EquityConfig {
  Rules rules;
  const Policy* players[kNumSeats] = {nullptr, nullptr, nullptr, nullptr};
  std::int64_t hands = 0;  // simulated hands per class and dealer
  int batches = 8;         // independent batches of those hands, whose tables give the error
  std::uint64_t seed = 0;
  int threads = 1;
  // The four seats have the same player: then a hand dealt by seat d plays as one dealt by d + 2, and as
  // one dealt by d + 1 with the teams swapped, so the outcomes of those classes and dealers are pooled.
  bool same_players = false;
};

// One hand outcome of a class and dealer, with its count.
struct OutcomeCount {
  MatchHand hand;
  std::int64_t count = 0;
};
// outcomes[(batch * classes + class) * 4 + dealer]
using Outcomes = std::vector<std::vector<OutcomeCount>>;

// Simulates config.hands hands per class and dealer (hand i of the run from item_seed(seed, i), so
// the counts are the same for any thread count); `done` counts hands, `stop` ends the run early
// (returns false then).
bool simulate_outcomes(const EquityConfig& config, const ScoreClasses& classes, Outcomes& outcomes,
                       std::atomic<std::int64_t>& done, const std::atomic<bool>& stop);

// Team 0's chance to win from every cell and dealer, [cell * 4 + dealer], from the outcomes summed over
// `batches` (a list of batch numbers), pooled as EquityConfig::same_players says.
std::vector<double> equity_table(const EquityConfig& config, const ScoreClasses& classes, const Outcomes& outcomes,
                                 const std::vector<int>& batches);

// The table of all batches, and its standard error from the spread of the batches' own tables.
struct Equity {
  std::vector<double> win;
  std::vector<double> error;
};
Equity match_equity(const EquityConfig& config, const ScoreClasses& classes, const Outcomes& outcomes);

}  // namespace baloot
