// The "rollout" player: Monte Carlo search with a fast policy. For each card it may play it deals the
// cards it cannot see consistently with what its seat has seen (as pimc does, and so that the other
// team called and played as its model of them would: the heuristic, or with the option neural_model the
// neural player, or with pick_model whichever of the two explains their calls and plays better), plays
// the card, lets the expert player (or, with the option neural_playout, the neural player) play the rest
// of the hand for all four seats, and scores the game points the seat's team takes over the other (the
// buyers' check, khasra, kaboot, the multiplier, projects and Baloot, as the hand scores them). It
// plays the card with the best average over the worlds, the same worlds for every card; cards that
// clearly trail the best stop being played out, and the time saved deals more worlds. Unlike a
// double-dummy solve, the play-out never lets a seat see a card it could not see. It bids and doubles
// the same way, in the worlds of its call (call_worlds.hpp).
#pragma once

#include <memory>

#include "players/heuristic.hpp"
#include "players/policy.hpp"

namespace baloot {

struct RolloutOptions {
  int worlds = 600;  // worlds per card decision (the cost of: every card in this many worlds)
  int tries = 16;    // worlds drawn per kept world, to find one where the other seats called and played as the model would
  int call_worlds = 800;  // worlds per bidding or doubling decision (0: call as the heuristic player)
  int calls = 1;    // surprises a world counts whose calls the model would not have made (0: calls not checked)
  // A card trailing the best by more than this many standard errors (of their difference over the same
  // worlds) stops being played out, and the play-outs saved deal more worlds (0: every card in every world).
  double race = 2;
  // The card plays a card decision may make in all, its play-outs' and the replays of the deals it draws
  // (0: no limit): fewer worlds where many cards are left to try and to play, or few deals fit the calls and
  // plays, the slowest decisions.
  int plays = 0;
  // Whether the other team plays the play-outs as the model of it (else the play-out policy plays every seat).
  bool model_playout = false;
};

class RolloutPolicy final : public Policy {
 public:
  explicit RolloutPolicy(const RolloutOptions& options = {});
  // The same search with `playout` playing every seat after the card tried (for example a learned player:
  // a better play-out policy makes better labels to learn from; null: the expert), and `model` the model
  // of the other seats' calls and plays that picks the worlds searched (null: the heuristic).
  // With `rival` too, each card decision models the other team by whichever of `model` and `rival` explains
  // its calls and plays so far better (`model` where neither does better).
  RolloutPolicy(const RolloutOptions& options, std::shared_ptr<const Policy> playout,
                std::shared_ptr<const Policy> model = nullptr, std::shared_ptr<const Policy> rival = nullptr);
  // This search, its world model included, with `playout` playing the worlds out.
  std::shared_ptr<const RolloutPolicy> with_playout(std::shared_ptr<const Policy> playout) const;
  int choose(const HandState& state, Rng& rng) const override;
  int score_class(int mine, int theirs) const override;
  const RolloutOptions& options() const { return options_; }
  // Each legal card's total, over the worlds dealt, of the seat's team's game points over the other's
  // when the card is played and the hand played out; returns the number of worlds (0: none could be
  // dealt, `total` untouched). The seat to move must be playing a card.
  int card_totals(const HandState& state, Rng& rng, long (&total)[kNumCards]) const;

 private:
  struct CardWorlds;
  int play_card(const HandState& state, Rng& rng) const;
  // The model of the other team for this card decision: model_, or rival_ where it explains the calls and
  // plays so far better on `tries` deals (added to `draws`). Those are the first deals the search draws
  // after it (a copy of its `rng`), so that it then searches as the search with that model alone does.
  const Policy& card_model(const CardWorlds& worlds, Rng rng, int& draws) const;
  // Deals a world of the hidden cards into `world` (`scratch` for the draws that lose) in which the other
  // team called and played as `model` would, adding the deals drawn to `draws`; false if none replayed.
  bool draw_world(const CardWorlds& worlds, const Policy& model, Rng& rng, HandState& world, HandState& scratch,
                  int& draws) const;
  // The seat's team's game points over the other's when `card` is played in `world` and the hand played out.
  int card_margin(const HandState& world, Card card, int team, const Policy& model, Rng& rng) const;
  int call(const HandState& state, Rng& rng) const;
  // Plays `trial` to the end with the play-out policy (the other team as `model` with model_playout); the
  // seat's team's game points over the other's.
  int play_out(HandState& trial, int team, const Policy& model, Rng& rng) const;
  RolloutOptions options_;
  std::shared_ptr<const Policy> calls_;  // bidding and doubling when call_worlds is 0, and the fallback
  std::shared_ptr<const Policy> model_;  // the other seats' calls and plays that a world must replay
  std::shared_ptr<const Policy> rival_;  // the other model of the card decisions, if any
  HeuristicPolicy playout_;              // every seat's play after the card tried, unless
  std::shared_ptr<const Policy> other_playout_;  // ... this is set
};

}  // namespace baloot
