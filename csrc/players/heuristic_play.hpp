// The heuristic player's card play (see heuristic.hpp for what it does and HeuristicParams for its weights).
#pragma once

#include "players/heuristic.hpp"

namespace baloot {

// The card to play from `legal`, which holds two cards or more. Kept out of line (as are the calls),
// so that a forced card costs HeuristicPolicy::decide no register saves.
int heuristic_card(const HeuristicParams& p, const HeuristicTables& t, const SeatView& v, Hand legal);

}  // namespace baloot
