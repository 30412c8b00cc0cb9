#include "kernel/projects.hpp"

#include <array>
#include <cassert>
#include <utility>
#include <vector>

namespace baloot {

namespace {

// The projects of one suit's 8-bit holding: its maximal runs of three or more (at most two fit in a
// byte), as spades; another suit shifts the cards.
struct SuitProjects {
  int count = 0;
  Project items[kMaxProjects] = {};
};

constexpr std::array<SuitProjects, 256> make_suit_projects() {
  std::array<SuitProjects, 256> table{};
  for (int holding = 0; holding < 256; ++holding) {
    SuitProjects& runs = table[static_cast<std::size_t>(holding)];
    for (int rank = 0; rank < kNumRanks;) {
      int end = rank;
      while (end < kNumRanks && (holding >> end & 1)) ++end;
      const int length = end - rank;
      if (length >= 3) {
        Project& p = runs.items[runs.count++];
        p.kind = run_kind(length);
        p.is_run = true;
        p.top_rank = static_cast<std::uint8_t>(end - 1);
        p.length = static_cast<std::uint8_t>(length);
        p.cards = ((Hand{1} << length) - 1) << rank;
      }
      rank = end + 1;
    }
  }
  return table;
}

constexpr std::array<SuitProjects, 256> kSuitProjects = make_suit_projects();

Project four_of_a_kind(int rank, Mode mode) {
  Project p;
  p.kind = rank == kAce && mode == Mode::kSun ? ProjectKind::kFourHundred : ProjectKind::kHundred;
  p.is_run = false;
  p.top_rank = static_cast<std::uint8_t>(rank);
  p.length = 4;
  p.cards = rank_mask(rank);
  return p;
}

// Inserts `p` keeping the stronger project first.
void add(ProjectSet& set, const Project& p) {
  if (set.count == kMaxProjects) return;  // unreachable with 8 cards; guards larger inputs
  if (set.count == 1 && set.items[0].strength() < p.strength()) {
    set.items[1] = set.items[0];
    set.items[0] = p;
  } else {
    set.items[set.count] = p;
  }
  ++set.count;
  set.abnat += p.abnat();
}

// Among best_projects' candidates, `>` and `>=` in the second comparison choose alike: two different
// candidates never have both the same abnat and the same best strength. The candidates of an 8-card hand
// differ in which of its at most two four-of-a-kinds are declared. Declaring none leaves runs only, so the
// best project is a run or nothing. Declaring some makes a four-of-a-kind the best project: a run above a
// Hundred four-of-a-kind would be a Hundred run, 5 cards beside the 4, nine in all. So a candidate with
// and one without differ in best strength (a run's bit, or nothing against something). Two candidates
// that both declare some differ in best strength when their best four-of-a-kinds differ in rank;
// otherwise one declares both four-of-a-kinds, which fill the hand, and the other one only, the rest
// leaving no run: 100 or 200 more abnat.
bool better(const ProjectSet& a, const ProjectSet& b) {
  if (a.abnat != b.abnat) return a.abnat > b.abnat;
  return a.best_strength() > b.best_strength();
}

void add_runs(ProjectSet& set, Hand cards) {
  for (int suit = 0; suit < kNumSuits; ++suit) {
    const SuitProjects& runs = kSuitProjects[suit_holding(cards, suit)];
    for (int r = 0; r < runs.count; ++r) {
      Project p = runs.items[r];
      p.cards <<= suit * 8;
      add(set, p);
    }
  }
}

// Ranks held in all four suits that make a project: 10s, jacks, queens, kings and aces.
constexpr unsigned kQuadRanks = 0xF8;

// Whether some card has the next two ranks of its suit beside it: the start of a run of three.
constexpr bool has_run(Hand h) { return (h & h >> 1 & h >> 2 & 0x3F3F3F3Fu) != 0; }

}  // namespace

ProjectSet best_projects(Hand hand, Mode mode) {
  assert(count(hand) <= kNumTricks);
  const unsigned quads = hand & hand >> 8 & hand >> 16 & hand >> 24 & kQuadRanks;
  ProjectSet best;
  if (!quads) {
    if (has_run(hand)) add_runs(best, hand);
    return best;
  }
  // Each four-of-a-kind may be declared or left to the runs it breaks (R25): try every choice.
  int ranks[kMaxProjects];
  int num_quads = 0;
  for (unsigned q = quads; q && num_quads < kMaxProjects; q &= q - 1) ranks[num_quads++] = __builtin_ctz(q);
  for (int chosen = 0; chosen < (1 << num_quads); ++chosen) {
    ProjectSet candidate;
    Hand rest = hand;
    for (int q = 0; q < num_quads; ++q) {
      if (!(chosen >> q & 1)) continue;
      add(candidate, four_of_a_kind(ranks[q], mode));
      rest &= ~rank_mask(ranks[q]);
    }
    add_runs(candidate, rest);
    if (better(candidate, best)) best = candidate;
  }
  return best;
}

namespace {

// Every project that fits in a hand: each run of 3 to 8 cards of a suit, each four-of-a-kind.
std::vector<Hand> all_project_cards() {
  std::vector<Hand> cards;
  for (int suit = 0; suit < kNumSuits; ++suit)
    for (int length = 3; length <= kNumRanks; ++length)
      for (int low = 0; low + length <= kNumRanks; ++low)
        cards.push_back(((Hand{1} << length) - 1) << (low + suit * 8));
  for (unsigned ranks = kQuadRanks; ranks; ranks &= ranks - 1) cards.push_back(rank_mask(__builtin_ctz(ranks)));
  return cards;
}

// possible_team_project_abnat's answers for one mode, by abnat / 10 (every project abnat is a multiple
// of 10). A seat's set is the best set of the cards of at most two projects that fit in 8 cards (the
// rest of its hand can be cards that extend no project: a team holds at most 16 cards of a 32-card deck).
std::vector<bool> team_project_totals(Mode mode) {
  const std::vector<Hand> projects = all_project_cards();
  std::vector<std::pair<int, Hand>> seats = {{0, Hand{0}}};  // the abnat and cards of a seat's set
  for (std::size_t i = 0; i < projects.size(); ++i)
    for (std::size_t j = i; j < projects.size(); ++j) {
      const Hand cards = projects[i] | projects[j];
      if ((i == j || !(projects[i] & projects[j])) && count(cards) <= kNumTricks)
        seats.emplace_back(best_projects(cards, mode).abnat, cards);
    }
  std::vector<bool> possible(2 * kProjectAbnat[3] * kMaxProjects / 10 + 1, false);
  for (const auto& [abnat_a, cards_a] : seats)
    for (const auto& [abnat_b, cards_b] : seats)
      if (!(cards_a & cards_b)) possible[static_cast<std::size_t>((abnat_a + abnat_b) / 10)] = true;
  return possible;
}

}  // namespace

bool possible_team_project_abnat(int abnat, Mode mode) {
  static const std::vector<bool> kTotals[2] = {team_project_totals(Mode::kSun), team_project_totals(Mode::kHokum)};
  const std::vector<bool>& totals = kTotals[mode == Mode::kSun ? 0 : 1];
  return abnat >= 0 && abnat % 10 == 0 && static_cast<std::size_t>(abnat / 10) < totals.size() &&
         totals[static_cast<std::size_t>(abnat / 10)];
}

ProjectOutcome compare_projects(const ProjectSet (&sets)[kNumSeats], int first) {
  assert(first >= 0 && first < kNumSeats);
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
