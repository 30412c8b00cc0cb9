// Scoring one hand (R32, R34-R40): abnat to game points, the buyers' check, khasra, kaboot, doubling.
#pragma once

#include "kernel/cards.hpp"
#include "kernel/rules.hpp"

namespace baloot {

constexpr int kSunHandPoints = 26;
constexpr int kHokumHandPoints = 16;
constexpr int hand_points(Mode mode) { return mode == Mode::kSun ? kSunHandPoints : kHokumHandPoints; }

constexpr int kFlatGahwaPoints = 152;  // R33 variant: a Gahwa's winner scores this, and nothing else

// One team's card abnat converted alone (R34, R35; the R34 tens-first variant when asked).
int game_points(int abnat, Mode mode, bool sun_tens_first = false);

struct ScoreInput {
  Mode mode = Mode::kSun;
  int buyers = 0;             // team
  int abnat[2] = {0, 0};      // card abnat per team, last-trick 10 included
  int tricks[2] = {0, 0};
  int projects[2] = {0, 0};   // project abnat each team scores, after the comparison
  int baloot[2] = {0, 0};     // Baloot held per team, 0 or 1
  int multiplier = 1;
  bool gahwa = false;         // the buyers answered Four with Gahwa (multiplier 4)
};

struct HandScore {
  int points[2] = {0, 0};
  bool made = false;
  int kaboot = kNoSeat;  // the sweeping team, when a kaboot bonus applies
};

// The one reward of a learning environment, at the end of a hand, for `seat`: its team's game points less
// the other team's (margin: zero-sum) or its team's own.
constexpr int hand_reward(const HandScore& score, int seat, bool margin) {
  const int team = team_of(seat);
  return margin ? score.points[team] - score.points[1 - team] : score.points[team];
}

// Throws RuleError naming the first inconsistent value.
void check_score_input(const ScoreInput& in);

// Assumes a checked input.
HandScore score_hand(const ScoreInput& in, const Rules& rules);

}  // namespace baloot
