#include "endgame_search.hpp"

#include "search_players.hpp"

namespace baloot {

int endgame_card(const EndgameSearch& search, const SeatView& v, Hand legal, int preferred, Rng& rng) {
  const HiddenCards hidden = hidden_cards(v);
  const HiddenDealer dealer(hidden);
  HandOutcome outcome(v, hidden);
  const int team = team_of(v.seat());
  Solver& solver = thread_solver();
  Position p;
  p.trick_len = v.trick_len();
  for (int i = 0; i < p.trick_len; ++i) p.trick[i] = v.trick()[i];
  p.leader = v.leader();
  p.contract = v.contract();
  p.rules = v.rules();
  long points[kNumCards] = {};
  for (int s = 0; s < search.samples; ++s) {
    dealer.deal(rng, p.hands);
    const SolveResult r = solver.solve(p, true);
    outcome.set_world(p.hands);
    for (Hand h = legal; h; h = without_lowest(h)) {
      const Card c = lowest_card(h);
      const int mine = r.move_value[c];
      points[c] += outcome.margin(team == 0 ? mine : r.value[0] + r.value[1] - mine);
    }
  }
  return best_card(legal, points, preferred, rng);
}

}  // namespace baloot
