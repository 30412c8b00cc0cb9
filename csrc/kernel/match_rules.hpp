// The match rules applied after each hand: its points added, then R33 (a Gahwa under gahwa=match ends the
// match) and R41 (the target and its ties). Read by the core's matches, baloot.Match, the match equity
// table and the players that weigh a double by the chance to win the match.
#pragma once

#include <cstdint>

#include "kernel/hand.hpp"

namespace baloot {

// How a match ended; kGoingOn while it has not.
enum class MatchEnd : std::int8_t { kGoingOn, kGahwa, kTarget, kTieToBuyers };

// What the match rules read of a finished hand.
struct MatchHand {
  bool thrown_in = false;
  int points[2] = {0, 0};
  bool gahwa = false;
  int buyers = 0;       // the buying team
  bool made = false;
};

MatchHand match_hand(const HandState& hand);

// The match after a hand: its points added (none when thrown in), then R33 (under gahwa=match a Gahwa's
// winner wins at once) and R41 (one team at the target wins; both, the higher total; equal totals go to
// the buyers, or under target_tie=another_hand another hand is played).
struct MatchStep {
  int scores[2] = {0, 0};
  int winner = -1;  // team, or -1 while the match goes on
  MatchEnd end = MatchEnd::kGoingOn;
};
MatchStep after_hand(const Rules& rules, const int (&before)[2], const MatchHand& hand);

// Throws RuleError unless `scores` may start a match: both non-negative and below the target.
void check_match_start(const Rules& rules, const int (&scores)[2]);

}  // namespace baloot
