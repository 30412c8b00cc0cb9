#include "kernel/scoring.hpp"

#include <cassert>

#include "kernel/projects.hpp"

namespace baloot {

namespace {

// R40, and its variant where the defenders' kaboot in Sun is worth 88.
int kaboot_points(Mode mode, bool by_buyers, const Rules& rules) {
  if (!by_buyers && mode == Mode::kSun && rules.reverse_kaboot == ReverseKaboot::kSun88) return 88;
  const int normal = mode == Mode::kSun ? 44 : 25;
  return rules.kaboot == KabootBonus::kDouble ? 2 * normal : normal;
}

// The team that wins a doubled hand (R32): the buyers if they make it, and a tie goes against them or,
// in the variant, against the team that raised last (the buyers raise Three and Gahwa).
int doubled_winner(const ScoreInput& in, const int (&total)[2], const Rules& rules) {
  const int buyers = in.buyers;
  if (total[buyers] != total[1 - buyers] || rules.doubled_tie == DoubledTie::kBuyers)
    return total[buyers] > total[1 - buyers] ? buyers : 1 - buyers;
  const bool buyers_raised_last = in.gahwa || in.multiplier == 3;
  return buyers_raised_last ? 1 - buyers : buyers;
}

int sweeping_team(const ScoreInput& in, const Rules& rules) {
  if (rules.kaboot == KabootBonus::kOff) return kNoSeat;
  for (int team = 0; team < 2; ++team)
    if (in.tricks[team] == kNumTricks) return team;
  return kNoSeat;
}

void require(bool ok, const std::string& message) {
  if (!ok) throw RuleError(message);
}

std::string pair_text(const int (&v)[2]) { return "(" + std::to_string(v[0]) + ", " + std::to_string(v[1]) + ")"; }

}  // namespace

int game_points(int abnat, Mode mode, bool sun_tens_first) {
  assert(abnat >= 0);
  if (mode == Mode::kHokum) return abnat / 10 + (abnat % 10 >= 6 ? 1 : 0);
  if (sun_tens_first) {
    const int units = abnat % 10;
    const int rounded = units < 5 ? abnat - units : units > 5 ? abnat - units + 10 : abnat;
    return (rounded * 2 + 5) / 10;
  }
  return (abnat * 2 + 5) / 10;
}

void check_score_input(const ScoreInput& in) {
  require(in.buyers == 0 || in.buyers == 1, "buyers must be a team, 0 or 1, not " + std::to_string(in.buyers));
  const int total = total_abnat(in.mode);
  require(in.abnat[0] >= 0 && in.abnat[1] >= 0 && in.abnat[0] + in.abnat[1] == total,
          "abnat " + pair_text(in.abnat) + " must be non-negative and total " + std::to_string(total));
  require(in.tricks[0] >= 0 && in.tricks[1] >= 0 && in.tricks[0] + in.tricks[1] == kNumTricks,
          "tricks " + pair_text(in.tricks) + " must be non-negative and total 8");
  for (int team = 0; team < 2; ++team) {
    require(in.tricks[team] > 0 || in.abnat[team] == 0,
            "abnat " + pair_text(in.abnat) + " give abnat to a team with no trick");
    require(possible_team_project_abnat(in.projects[team], in.mode),
            "projects " + pair_text(in.projects) + ": " + std::to_string(in.projects[team]) +
                " is not the project abnat of any set of projects" + (in.mode == Mode::kSun ? " in Sun" : " in Hokum"));
    require(in.baloot[team] == 0 || in.baloot[team] == 1, "baloot " + pair_text(in.baloot) + " must be 0 or 1 per team");
  }
  require(in.baloot[0] + in.baloot[1] <= 1, "baloot " + pair_text(in.baloot) + ": only one team can hold Baloot");
  require(in.mode == Mode::kHokum || in.baloot[0] + in.baloot[1] == 0, "baloot " + pair_text(in.baloot) + " in Sun");
  require(in.projects[0] == 0 || in.projects[1] == 0,
          "projects " + pair_text(in.projects) + ": only one team scores projects");
  const int max_multiplier = in.mode == Mode::kSun ? 2 : 4;
  require(in.multiplier >= 1 && in.multiplier <= max_multiplier,
          "multiplier " + std::to_string(in.multiplier) + " must be 1 to " + std::to_string(max_multiplier) +
              (in.mode == Mode::kSun ? " in Sun" : " in Hokum"));
  require(!in.gahwa || (in.mode == Mode::kHokum && in.multiplier == 4), "gahwa needs a Hokum at multiplier 4");
}

HandScore score_hand(const ScoreInput& in, const Rules& rules) {
  assert(passes([&] { check_score_input(in); }));
  HandScore out;
  const Mode mode = in.mode;
  const int buyers = in.buyers;
  const int defenders = 1 - buyers;
  int all_projects = 0;
  int total[2];
  for (int team = 0; team < 2; ++team) {
    out.points[team] = in.baloot[team] * kBalootPoints;
    all_projects += project_points(in.projects[team], mode);
    total[team] = in.abnat[team] + in.projects[team] + in.baloot[team] * kBalootAbnat;
  }
  const bool tie = total[buyers] == total[defenders];
  const bool tie_splits = rules.tie == TieRule::kSplit || (rules.tie == TieRule::kSplitSun && mode == Mode::kSun);
  out.made = total[buyers] > total[defenders] || (tie && in.multiplier == 1 && tie_splits);

  const int sweeper = sweeping_team(in, rules);
  const int m = in.multiplier;
  if (in.gahwa && rules.gahwa == GahwaScore::kFlat152) {
    const int winner = sweeper != kNoSeat ? sweeper : doubled_winner(in, total, rules);
    out.kaboot = sweeper;
    out.made = winner == buyers;
    out.points[winner] = kFlatGahwaPoints;
    out.points[1 - winner] = 0;
    return out;
  }
  if (sweeper != kNoSeat) {
    out.kaboot = sweeper;
    out.made = sweeper == buyers;
    const int projects = rules.kaboot_projects ? all_projects : 0;
    out.points[sweeper] += (kaboot_points(mode, sweeper == buyers, rules) + projects) * (rules.kaboot_multiplied ? m : 1);
    return out;
  }
  if (m > 1) {
    const int winner = doubled_winner(in, total, rules);
    out.made = winner == buyers;
    out.points[winner] += (hand_points(mode) + all_projects) * m;
    return out;
  }
  if (!out.made) {
    out.points[defenders] += hand_points(mode) + all_projects;
    return out;
  }
  int card_points[2];
  for (int team = 0; team < 2; ++team) card_points[team] = game_points(in.abnat[team], mode, rules.sun_tens_first);
  if (card_points[0] + card_points[1] > hand_points(mode)) card_points[buyers] -= 1;
  for (int team = 0; team < 2; ++team) out.points[team] += card_points[team] + project_points(in.projects[team], mode);
  return out;
}

}  // namespace baloot
