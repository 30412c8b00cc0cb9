// Double-dummy tables: for each deal, the abnat team 0 takes from the first lead under every contract,
// for many deals at once over threads (one solver each), written into a caller-owned array.
#pragma once

#include <atomic>
#include <cstdint>

#include "kernel/cards.hpp"
#include "kernel/rules.hpp"

namespace baloot {

// One deal of a table: four hands of equal size (eight cards for a full deal) and the seat leading.
struct TableDeal {
  Hand hands[kNumSeats] = {};
  int leader = 0;
};

// Throws RuleError naming the deal by its index and what is wrong with it.
void check_table_deal(const TableDeal& deal, std::int64_t index);

// How exactly a table's values are solved: team 0's exact abnat; an abnat with the exact value's game
// points for each team and the same leading team (Solver::points); an abnat on the exact value's side
// of half the deal's abnat (above, equal or below: one probe, two at most).
enum class Resolution : std::uint8_t { kAbnat, kPoints, kMake };

// out[i * kNumContracts + k] = team 0's abnat from deal i's first lead under contract_at(k) at the
// `resolution` asked (the exact abnat, or one that stands for it), for each bit k of `contracts`, -1 for
// the others. Deals [0, n) are split over `threads` threads, and no answer
// depends on that split; `stop` ends the run early, `done` counts finished deals. Deals must be checked.
void dd_tables(const TableDeal* deals, std::int64_t n, unsigned contracts, const Rules& rules, Resolution resolution,
               int threads, std::int16_t* out, std::atomic<std::int64_t>& done, const std::atomic<bool>& stop);

}  // namespace baloot
