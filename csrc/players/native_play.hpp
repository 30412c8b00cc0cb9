// Players compiled by their users against players/native/baloot_player.h (which the package installs as
// baloot/native/baloot_player.h): the view of the seat to move they are given, and a play-out loop that
// keeps one view of the table up to date card by card instead of filling a new one for every decision.
#pragma once

#include <string>

#include "players/native/baloot_player.h"
#include "players/policy.hpp"

namespace baloot {

class NativePolicy final : public Policy {
 public:
  NativePolicy(baloot_player function, std::string name) : function_(function), name_(std::move(name)) {}

  // Fills a view of `state` for the call.
  int choose(const HandState& state, Rng& rng) const override;
  int score_class(int, int) const override { return kAnyScoreClass; }  // its view holds the scores
  // The function's answer for `view`, which is the seat to move's: an IllegalActionError naming the
  // player, the seat and the action when the answer is not one of view.legal.
  int choose(const baloot_view& view, Rng& rng) const {
    const int action = function_(&view, rng.next());
    // view.legal has no bit at 47 and above, so one unsigned test covers the negative numbers too.
    if (static_cast<unsigned>(action) >= 64 || !(view.legal >> action & 1)) refuse(view, action);
    return action;
  }

 private:
  [[noreturn, gnu::cold, gnu::noinline]] void refuse(const baloot_view& view, int action) const;

  baloot_player function_;
  std::string name_;
};

// Writes every field of the view of the seat to move in `state`.
void fill_view(const HandState& state, baloot_view& view);

// The four players of a batch with their native ones picked out once (a dynamic_cast per hand would cost
// more than a decision). With `shared_view` false the native ones are called like any other player,
// each decision filling a view afresh.
struct TablePlayers {
  const Policy* players[kNumSeats] = {};
  const NativePolicy* native[kNumSeats] = {};
  bool any_native = false;

  explicit TablePlayers(const Policy* const (&seats)[kNumSeats], bool shared_view = true);
};

// Plays `hand` to its end, each seat's action from its player: the same actions, from the same draws of
// `rng`, as calling every player's choose(hand, rng) in turn. Through the card play the native players
// share one view, filled when the play starts and brought up to date after each card.
void play_out(HandState& hand, const TablePlayers& table, Rng& rng);

}  // namespace baloot
