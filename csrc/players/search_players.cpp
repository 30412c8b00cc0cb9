#include "players/search_players.hpp"

namespace baloot {

namespace {

// The player for bidding and doubling, where the search players have nothing to add.
std::shared_ptr<const Policy> calls_player() { return make_policy("heuristic"); }

// The position as the seat to move sees it, with `hands` for the four hands.
Position seen_position(const SeatView& view, const Hand (&hands)[kNumSeats]) {
  Position p;
  for (int seat = 0; seat < kNumSeats; ++seat) p.hands[seat] = hands[seat];
  p.trick_len = view.trick_len();
  for (int i = 0; i < p.trick_len && i < kNumSeats; ++i) p.trick[i] = view.trick()[i];
  p.leader = view.leader();
  p.contract = view.contract();
  p.rules = view.rules();
  return p;
}

}  // namespace

void add_world_values(const SeatView& view, const Hand (&hands)[kNumSeats], Hand legal, HandOutcome* outcome,
                      long (&points)[kNumCards], long (&abnat)[kNumCards]) {
  const SolveResult r = thread_solver().solve(seen_position(view, hands), true);
  if (outcome) outcome->set_world(hands);
  const int team = team_of(view.seat());
  for (Hand h = legal; h; h = without_lowest(h)) {
    const Card c = lowest_card(h);
    const int mine = r.move_value[c];
    abnat[c] += mine;
    if (outcome) points[c] += outcome->margin(team == 0 ? mine : r.value[0] + r.value[1] - mine);
  }
}

Solver& thread_solver() {
  static thread_local Solver solver;
  return solver;
}

int best_card(Hand legal, const long (&total)[kNumCards], int preferred, Rng& rng) {
  Hand best_set = 0;
  long best = 0;
  for (Hand h = legal; h; h = without_lowest(h)) {
    const Card c = lowest_card(h);
    if (!best_set || total[c] > best) best = total[c], best_set = 0;
    if (total[c] == best) best_set |= bit(c);
  }
  if (best_set >> preferred & 1) return preferred;
  return random_card(best_set, rng);
}

// ---- What a world scores -----------------------------------------------------------------------

HandOutcome::HandOutcome(const SeatView& view, const HiddenCards& hidden)
    : rules_(view.rules()), contract_(view.contract()), team_(team_of(view.seat())) {
  in_.mode = contract_.mode;
  in_.buyers = team_of(view.buyer());
  in_.multiplier = view.multiplier();
  first_leader_ = view.tricks_played() > 0 ? view.trick_leader(0) : view.leader();
  for (int team = 0; team < 2; ++team) {
    taken_[team] = view.abnat(team);
    tricks_[team] = hidden.tricks[team];
  }
  to_win_ = total_abnat(contract_.mode) - taken_[0] - taken_[1];
  for (int seat = 0; seat < kNumSeats; ++seat) played_[seat] = hidden.played[seat];
}

void HandOutcome::set_world(const Hand (&hands)[kNumSeats]) {
  Hand dealt[kNumSeats];
  ProjectSet sets[kNumSeats];
  for (int seat = 0; seat < kNumSeats; ++seat) {
    dealt[seat] = hands[seat] | played_[seat];
    sets[seat] = best_projects(dealt[seat], contract_.mode);
  }
  const ProjectOutcome outcome = compare_projects(sets, first_leader_);
  const int holder = baloot_holder(dealt, contract_, sets, outcome, rules_);
  for (int team = 0; team < 2; ++team) {
    in_.projects[team] = outcome.abnat[team];
    in_.baloot[team] = holder != kNoSeat && team_of(holder) == team;
  }
}

int HandOutcome::margin(int team0_abnat) const {
  ScoreInput in = in_;
  in.abnat[0] = taken_[0] + team0_abnat;
  in.abnat[1] = taken_[1] + to_win_ - team0_abnat;
  // A team that took no trick so far and takes no abnat from here is swept (a trick of four
  // zero-abnat cards aside).
  for (int team = 0; team < 2; ++team) {
    const bool swept = tricks_[team] == 0 && in.abnat[team] == 0;
    in.tricks[team] = swept ? 0 : 1;
    in.tricks[1 - team] = swept ? kNumTricks : kNumTricks - 1;
    if (swept) break;
  }
  const HandScore score = score_hand(in, rules_);
  return score.points[team_] - score.points[1 - team_];
}

// ---- Players -------------------------------------------------------------------------------------

DoubleDummyPolicy::DoubleDummyPolicy() : calls_(calls_player()) {}

int DoubleDummyPolicy::choose(const HandState& state, Rng& rng) const {
  if (state.phase() != Phase::kPlaying) return calls_->choose(state, rng);
  const Hand legal = state.legal_cards();
  if (!without_lowest(legal)) return lowest_card(legal);
  const SolveResult r = thread_solver().solve(position_of(state), false);
  // The solver knows neither a closed hand nor the narrow partner exception: keep to the legal cards.
  return random_card(or_else(r.best & legal, legal), rng);
}

PimcPolicy::PimcPolicy(const PimcOptions& options) : options_(options), calls_(calls_player()) {}

int PimcPolicy::choose(const HandState& state, Rng& rng) const {
  if (state.phase() != Phase::kPlaying) return calls_->choose(state, rng);
  const Hand legal = state.legal_cards();
  if (!without_lowest(legal)) return lowest_card(legal);
  const SeatView view(state);
  const HiddenCards hidden = hidden_cards(view);
  const HiddenDealer dealer(hidden);
  HandOutcome outcome(view, hidden);
  long points[kNumCards] = {}, abnat[kNumCards] = {};
  const WorldReplay replay(view, hidden);
  const int tries = replay.usable() ? options_.tries : 1;
  for (int s = 0; s < options_.samples; ++s) {
    // Of `tries` worlds, the first in which the other team played as the model would, else the one
    // in which it surprised least.
    Hand hands[kNumSeats];
    int fewest = kNumCards;
    for (int t = 0; t < tries && fewest > 0; ++t) {
      Hand world[kNumSeats];
      dealer.deal(rng, world);
      const int n = tries > 1 ? replay.surprises(*calls_, world, fewest - 1) : 0;
      if (n < fewest) {
        fewest = n;
        for (int seat = 0; seat < kNumSeats; ++seat) hands[seat] = world[seat];
      }
    }
    add_world_values(view, hands, legal, options_.points ? &outcome : nullptr, points, abnat);
  }
  // The best expected score, then the best expected abnat, then the seed.
  Hand best_set = 0;
  long best_points = 0, best_abnat = 0;
  for (Hand h = legal; h; h = without_lowest(h)) {
    const Card c = lowest_card(h);
    const bool better = !best_set || points[c] > best_points || (points[c] == best_points && abnat[c] > best_abnat);
    if (better) best_points = points[c], best_abnat = abnat[c], best_set = 0;
    if (points[c] == best_points && abnat[c] == best_abnat) best_set |= bit(c);
  }
  return random_card(best_set, rng);
}

}  // namespace baloot
