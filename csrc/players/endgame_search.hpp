// Card play by sampling search in the last tricks of a hand, where a double-dummy solve costs little:
// the cards the seat cannot see are dealt consistently with what it has seen (HiddenDealer), each deal
// is solved, and the card with the best average game-point margin of the hand is played.
#pragma once

#include "players/policy.hpp"

namespace baloot {

struct EndgameSearch {
  int tricks = 0;   // search while at most this many tricks are left (0: never)
  int samples = 0;  // deals solved per decision
};

// Whether `search` covers the decision of the seat to move in `v`.
inline bool in_endgame(const EndgameSearch& search, const SeatView& v) {
  return search.samples > 0 && kNumTricks - v.tricks_played() <= search.tricks;
}

// The searched card of `legal` (two cards or more); ties go to `preferred` when it is among the best,
// else to a card drawn with `rng`.
int endgame_card(const EndgameSearch& search, const SeatView& v, Hand legal, int preferred, Rng& rng);

}  // namespace baloot
