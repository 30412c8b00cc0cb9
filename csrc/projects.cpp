#include "projects.hpp"

#include <array>

namespace baloot {

namespace {

// The maximal runs of three or more in one suit's 8-bit holding: at most two fit in a byte.
struct SuitRuns {
  std::uint8_t count = 0;
  std::uint8_t low[2] = {0, 0};
  std::uint8_t length[2] = {0, 0};
};

constexpr std::array<SuitRuns, 256> make_suit_runs() {
  std::array<SuitRuns, 256> table{};
  for (int holding = 0; holding < 256; ++holding) {
    SuitRuns runs;
    int rank = 0;
    while (rank < kNumRanks) {
      if (!(holding >> rank & 1)) {
        ++rank;
        continue;
      }
      int end = rank;
      while (end < kNumRanks && (holding >> end & 1)) ++end;
      if (end - rank >= 3) {
        runs.low[runs.count] = static_cast<std::uint8_t>(rank);
        runs.length[runs.count] = static_cast<std::uint8_t>(end - rank);
        ++runs.count;
      }
      rank = end;
    }
    table[holding] = runs;
  }
  return table;
}

constexpr std::array<SuitRuns, 256> kSuitRuns = make_suit_runs();

constexpr ProjectKind run_kind(int length) {
  return length >= 5 ? ProjectKind::kHundred : length == 4 ? ProjectKind::kFifty : ProjectKind::kSira;
}

Project run_project(int suit, int low, int length) {
  Project p;
  p.kind = run_kind(length);
  p.is_run = true;
  p.top_rank = static_cast<std::uint8_t>(low + length - 1);
  p.length = static_cast<std::uint8_t>(length);
  p.cards = static_cast<Hand>(((1u << length) - 1) << low) << (suit * 8);
  return p;
}

Project four_of_a_kind(int rank, Mode mode) {
  Project p;
  p.kind = rank == kAce && mode == Mode::kSun ? ProjectKind::kFourHundred : ProjectKind::kHundred;
  p.is_run = false;
  p.top_rank = static_cast<std::uint8_t>(rank);
  p.length = 4;
  p.cards = rank_mask(rank);
  return p;
}

void add(ProjectSet& set, const Project& p) {
  if (set.count == kMaxProjects) return;  // unreachable with 8 cards; guards larger inputs
  int i = set.count++;
  for (; i > 0 && set.items[i - 1].strength() < p.strength(); --i) set.items[i] = set.items[i - 1];
  set.items[i] = p;
  set.abnat += p.abnat();
}

bool better(const ProjectSet& a, const ProjectSet& b) {
  if (a.abnat != b.abnat) return a.abnat > b.abnat;
  return a.best_strength() > b.best_strength();
}

// The four-of-a-kinds that count as projects: 10s, jacks, queens, kings and aces.
constexpr int kQuadRanks[] = {kTen, kJack, kQueen, kKing, kAce};

}  // namespace

ProjectSet best_projects(Hand hand, Mode mode) {
  int quads[kMaxProjects];
  int num_quads = 0;
  for (int rank : kQuadRanks)
    if ((hand & rank_mask(rank)) == rank_mask(rank) && num_quads < kMaxProjects) quads[num_quads++] = rank;

  ProjectSet best;
  for (int chosen = 0; chosen < (1 << num_quads); ++chosen) {
    ProjectSet candidate;
    Hand rest = hand;
    for (int q = 0; q < num_quads; ++q) {
      if (!(chosen >> q & 1)) continue;
      add(candidate, four_of_a_kind(quads[q], mode));
      rest &= ~rank_mask(quads[q]);
    }
    for (int suit = 0; suit < kNumSuits; ++suit) {
      const SuitRuns& runs = kSuitRuns[suit_holding(rest, suit)];
      for (int r = 0; r < runs.count; ++r) add(candidate, run_project(suit, runs.low[r], runs.length[r]));
    }
    if (better(candidate, best)) best = candidate;
  }
  return best;
}

ProjectOutcome compare_projects(const ProjectSet (&sets)[kNumSeats], int first) {
  ProjectOutcome outcome;
  std::uint32_t best = 0;
  for (int step = 0; step < kNumSeats; ++step) {
    const int seat = seat_after(first, step);
    if (sets[seat].best_strength() > best) {
      best = sets[seat].best_strength();
      outcome.team = team_of(seat);
    }
  }
  if (outcome.team == kNoSeat) return outcome;
  for (int seat = outcome.team; seat < kNumSeats; seat += 2) outcome.abnat[outcome.team] += sets[seat].abnat;
  return outcome;
}

int baloot_holder(const Hand (&hands)[kNumSeats], const Contract& contract, const ProjectSet (&sets)[kNumSeats],
                  const ProjectOutcome& outcome, const Rules& rules) {
  if (contract.mode != Mode::kHokum) return kNoSeat;
  const Hand pair = bit(make_card(contract.trump, kKing)) | bit(make_card(contract.trump, kQueen));
  for (int seat = 0; seat < kNumSeats; ++seat) {
    if ((hands[seat] & pair) != pair) continue;
    if (!rules.baloot_in_hundred && outcome.team == team_of(seat)) {
      const ProjectSet& set = sets[seat];
      for (int i = 0; i < set.count; ++i)
        if (set.items[i].kind >= ProjectKind::kHundred && (set.items[i].cards & pair)) return kNoSeat;
    }
    return seat;
  }
  return kNoSeat;
}

}  // namespace baloot
