// The "strong" built-in player: bids on its turns by learned values (StrongWeights: the expected gain
// of each call over passing, fitted on bids played out), plays its cards by learned weights of each
// card's features (play_features), and otherwise calls and doubles as the expert. Reads the game only
// through a SeatView and holds no mutable state.
#pragma once

#include <memory>

#include "players/endgame_search.hpp"
#include "players/heuristic.hpp"
#include "players/strong_weights.hpp"

namespace baloot {

class StrongPolicy final : public Policy {
 public:
  // `table`: the match equity table the expert's doubles read under the option match_equity (null: none).
  StrongPolicy(std::shared_ptr<const StrongWeights> weights, const HeuristicParams& params, const EndgameSearch& endgame,
               bool learned_play = true, std::shared_ptr<const MatchTable> table = nullptr);
  int choose(const HandState& state, Rng& rng) const override;
  int score_class(int mine, int theirs) const override { return expert_.score_class(mine, theirs); }
  std::shared_ptr<const Policy> with_match_table(std::shared_ptr<const MatchTable> table) const override;

 private:
  int bid_on_turn(const SeatView& v) const;
  // Of `legal` (two cards or more), the card of the highest learned value; `usual` (the expert's card) among equals.
  int learned_card(const SeatView& v, Hand legal, Card usual) const;
  std::shared_ptr<const StrongWeights> w_;
  HeuristicPolicy expert_;
  EndgameSearch endgame_;
  bool learned_play_;
  float play_[kPlayContexts][kPlayWeights];  // the weights' play table, in the precision play_value takes
};

// The factory case: `weights` (a RuleError when there are none), the endgame search of the options
// endgame_tricks and endgame_samples, the option learned_play (0: play the cards as the expert), and the
// expert's parameters overridden by the other options; `options` holds every option, checked
// (players/registry.hpp).
std::shared_ptr<const Policy> make_strong_policy(const PolicyOptions& options,
                                                 std::shared_ptr<const StrongWeights> weights);

}  // namespace baloot
