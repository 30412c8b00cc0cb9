#include "rollout_player.hpp"

#include "expert.hpp"
#include "search_players.hpp"

namespace baloot {

RolloutPolicy::RolloutPolicy(const RolloutOptions& options)
    : options_(options), calls_(make_policy("heuristic")), playout_(expert_params()) {}

int RolloutPolicy::choose(const HandState& state, Rng& rng) const {
  if (state.phase() != Phase::kPlaying) return calls_->choose(state, rng);
  const Hand legal = state.legal_cards();
  if (!without_lowest(legal)) return lowest_card(legal);
  return play_card(state, rng);
}

int RolloutPolicy::play_card(const HandState& state, Rng& rng) const {
  const SeatView view(state);
  const HiddenCards hidden = hidden_cards(view);
  const HiddenDealer dealer(hidden);
  const WorldReplay replay(view, hidden);
  if (!replay.usable()) return calls_->choose(state, rng);
  const Hand legal = view.legal_cards();
  const int team = team_of(view.seat());
  long total[kNumCards] = {};
  HandState world, best_world, trial;
  for (int w = 0; w < options_.worlds; ++w) {
    // Of `tries` worlds, the first in which the other team played as the heuristic would, else the
    // one in which it surprised least.
    int fewest = kNumCards;
    for (int t = 0; t < options_.tries && fewest > 0; ++t) {
      Hand hands[kNumSeats];
      dealer.deal(rng, hands);
      const int n = replay.rebuild(*calls_, hands, fewest - 1, world);
      if (n < fewest) {
        fewest = n;
        best_world = world;
      }
    }
    if (fewest == kNumCards) continue;  // no world replayed (never by the rules)
    for (Hand h = legal; h; h = without_lowest(h)) {
      const Card c = lowest_card(h);
      trial = best_world;
      trial.play(c);
      while (trial.phase() == Phase::kPlaying) trial.play(static_cast<Card>(playout_.decide(trial)));
      const HandScore& score = trial.score();
      total[c] += score.points[team] - score.points[1 - team];
    }
  }
  // The best average; among equals, the card the play-out policy would play, else the seed's.
  Hand best_set = 0;
  long best = 0;
  for (Hand h = legal; h; h = without_lowest(h)) {
    const Card c = lowest_card(h);
    if (!best_set || total[c] > best) best = total[c], best_set = 0;
    if (total[c] == best) best_set |= bit(c);
  }
  const int usual = playout_.decide(state);
  return best_set & bit(static_cast<Card>(usual)) ? usual : random_card(best_set, rng);
}

}  // namespace baloot
