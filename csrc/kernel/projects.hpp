// Projects (R22-R27) and Baloot (R28): detection by bit tricks, the best card-disjoint set of a hand,
// the comparison between teams.
#pragma once

#include <cstdint>

#include "kernel/cards.hpp"
#include "kernel/rules.hpp"

namespace baloot {

enum class ProjectKind : std::uint8_t { kSira, kFifty, kHundred, kFourHundred };

constexpr int kProjectAbnat[4] = {20, 50, 100, 200};
// The project a run of `length` consecutive cards (three or more) makes.
constexpr ProjectKind run_kind(int length) {
  return length >= 5 ? ProjectKind::kHundred : length == 4 ? ProjectKind::kFifty : ProjectKind::kSira;
}
constexpr int kBalootAbnat = 20;
constexpr int kBalootPoints = 2;

// Game points of project abnat in a mode (exact, R24).
constexpr int project_points(int abnat, Mode mode) { return mode == Mode::kSun ? abnat / 5 : abnat / 10; }

struct Project {
  ProjectKind kind = ProjectKind::kSira;
  bool is_run = true;
  std::uint8_t top_rank = 0;  // the highest rank of a run, or the rank of a four-of-a-kind
  std::uint8_t length = 0;    // cards in the run; 4 for a four-of-a-kind
  Hand cards = 0;

  constexpr int abnat() const { return kProjectAbnat[static_cast<int>(kind)]; }
  // R26: class, then run over four-of-a-kind, then top card, then length. Always > 0.
  constexpr std::uint32_t strength() const {
    return (static_cast<std::uint32_t>(kind) + 1) << 8 | (is_run ? 1u : 0u) << 7 |
           static_cast<std::uint32_t>(top_rank) << 4 | length;
  }
};

// At most two projects fit in eight cards: two four-of-a-kinds, or runs of 3+ with a gap, or one of each.
constexpr int kMaxProjects = 2;

struct ProjectSet {
  Project items[kMaxProjects];
  int count = 0;
  int abnat = 0;

  // The strength of the best project, 0 when there is none.
  std::uint32_t best_strength() const { return count ? items[0].strength() : 0; }
  Hand cards() const {
    Hand all = 0;
    for (int i = 0; i < count; ++i) all |= items[i].cards;
    return all;
  }
};

// The best card-disjoint set of projects in `hand` (R23, R25), best project first.
ProjectSet best_projects(Hand hand, Mode mode);

// Whether `abnat` is the project abnat one team can score in `mode`: the sum of the best sets
// (best_projects) of two card-disjoint hands (R22-R27).
bool possible_team_project_abnat(int abnat, Mode mode);

// Which team scores projects after trick 1 (R26, R27), and the project abnat each team scores.
struct ProjectOutcome {
  int team = kNoSeat;  // kNoSeat when nobody holds a project
  int abnat[2] = {0, 0};
};

// `sets` are indexed by seat; `first` is the seat that leads trick 1 and wins exact ties.
ProjectOutcome compare_projects(const ProjectSet (&sets)[kNumSeats], int first);

// The seat holding the K and Q of trump, or kNoSeat (R28). With rules.baloot_in_hundred off, a pair
// with either card inside a Hundred of that seat's scored projects does not count.
int baloot_holder(const Hand (&hands)[kNumSeats], const Contract& contract, const ProjectSet (&sets)[kNumSeats],
                  const ProjectOutcome& outcome, const Rules& rules);

}  // namespace baloot
