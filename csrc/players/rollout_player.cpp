#include "rollout_player.hpp"

#include "call_worlds.hpp"
#include "expert.hpp"
#include "search_players.hpp"

namespace baloot {

RolloutPolicy::RolloutPolicy(const RolloutOptions& options)
    : options_(options), calls_(make_policy("heuristic")), playout_(expert_params()) {}

RolloutPolicy::RolloutPolicy(const RolloutOptions& options, std::shared_ptr<const Policy> playout)
    : RolloutPolicy(options) {
  other_playout_ = std::move(playout);
}

int RolloutPolicy::choose(const HandState& state, Rng& rng) const {
  const ActionMask legal = state.legal_actions();
  if (!(legal & (legal - 1))) return __builtin_ctzll(legal);
  if (state.phase() == Phase::kPlaying) return play_card(state, rng);
  return options_.call_worlds ? call(state, rng) : calls_->choose(state, rng);
}

int RolloutPolicy::play_out(HandState& trial, int team, Rng& rng) const {
  if (other_playout_) {
    while (trial.phase() != Phase::kOver) trial.apply(other_playout_->choose(trial, rng));
  } else {
    while (trial.phase() != Phase::kOver) trial.apply(playout_.decide(trial));
  }
  const HandScore& score = trial.score();
  return score.points[team] - score.points[1 - team];
}

int RolloutPolicy::call(const HandState& state, Rng& rng) const {
  const SeatView view(state);
  const CallWorlds worlds(view);
  const ActionMask legal = view.legal_actions();
  const int team = team_of(view.seat());
  long total[kNumActions] = {};
  int kept = 0;
  HandState world, trial;
  for (int w = 0; w < options_.call_worlds; ++w) {
    bool fits = false;
    for (int t = 0; t < options_.tries && !fits; ++t) fits = worlds.draw(*calls_, rng, world);
    if (!fits) continue;
    ++kept;
    for (ActionMask m = legal; m; m &= m - 1) {
      const int action = __builtin_ctzll(m);
      trial = world;
      trial.apply(action);
      total[action] += play_out(trial, team, rng);
    }
  }
  // Calls so unusual that no world fits them: the heuristic's call.
  if (kept == 0) return calls_->choose(state, rng);
  // The best average; among equals, the heuristic's call, else the lowest.
  const int usual = calls_->choose(state, rng);
  int best = usual;
  for (ActionMask m = legal; m; m &= m - 1) {
    const int action = __builtin_ctzll(m);
    if (total[action] > total[best]) best = action;
  }
  return best;
}

int RolloutPolicy::card_totals(const HandState& state, Rng& rng, long (&total)[kNumCards]) const {
  const SeatView view(state);
  const HiddenCards hidden = hidden_cards(view);
  const HiddenDealer dealer(hidden);
  const WorldReplay replay(view, hidden, options_.calls);
  if (!replay.usable()) return 0;
  const Hand legal = view.legal_cards();
  const int team = team_of(view.seat());
  int dealt = 0;
  HandState world, best_world, trial;
  for (int w = 0; w < options_.worlds; ++w) {
    // Of `tries` worlds, the first in which the other team called and played as the heuristic would,
    // else the one in which it surprised least (a call that differs counting `calls` surprises).
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
    ++dealt;
    for (Hand h = legal; h; h = without_lowest(h)) {
      const Card c = lowest_card(h);
      trial = best_world;
      trial.play(c);
      total[c] += play_out(trial, team, rng);
    }
  }
  return dealt;
}

int RolloutPolicy::play_card(const HandState& state, Rng& rng) const {
  long total[kNumCards] = {};
  if (!card_totals(state, rng, total)) return calls_->choose(state, rng);
  // The best average; among equals, the card the play-out policy would play.
  return best_card(state.legal_cards(), total, playout_.decide(state), rng);
}

}  // namespace baloot
