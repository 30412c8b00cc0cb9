// The heuristic player's calls: bids from a point-count evaluation of its cards, and doubles
// (see HeuristicParams for the weights and thresholds).
#pragma once

#include "players/heuristic.hpp"
#include "players/match_table.hpp"

namespace baloot {

// The bid of the seat to move, in the bidding phase.
int heuristic_bid(const HeuristicParams& p, const HeuristicTables& t, const SeatView& v);
// Its double, Three, Four, Gahwa or pass, in the doubling phase; by the match equity `table` (may be null)
// at match scores other than 0-0 (HeuristicParams::match_equity).
int heuristic_double(const HeuristicParams& p, const HeuristicTables& t, const SeatView& v, const MatchTable* table);

}  // namespace baloot
