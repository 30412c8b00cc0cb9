#include "players/endgame_search.hpp"

#include "players/search_players.hpp"

namespace baloot {

int endgame_card(const EndgameSearch& search, const SeatView& v, Hand legal, int preferred, Rng& rng) {
  const HiddenCards hidden = hidden_cards(v);
  const HiddenDealer dealer(hidden);
  HandOutcome outcome(v, hidden);
  long points[kNumCards] = {}, abnat[kNumCards] = {};
  for (int s = 0; s < search.samples; ++s) {
    Hand hands[kNumSeats];
    dealer.deal(rng, hands);
    add_world_values(v, hands, legal, &outcome, points, abnat);
  }
  return best_card(legal, points, preferred, rng);
}

}  // namespace baloot
