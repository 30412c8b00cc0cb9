// What the search asks the rules kernel once, for every contract.
#pragma once

#include <cstdint>

#include "kernel/cards.hpp"

namespace baloot {

// What the search needs to know about who takes a trick, asked once of the kernel's trick_winner.
// beats[contract][led][w]: the cards that take a trick led in `led` from the winning card w. From it
// come the strength order of a plain suit and of the trump suit, and strength-ordered views of a suit:
// bit p of a "power" byte is the suit's card of strength p.
struct SolverTables {
  Hand beats[kNumContracts][kNumSuits][kNumCards] = {};
  std::uint8_t strength[2][kNumRanks] = {};  // by rank; [0] plain, [1] trump
  std::uint8_t to[2][256] = {};              // rank bits -> power bits
  std::uint8_t from[2][256] = {};            // power bits -> rank bits
  std::uint8_t abnat[2][256] = {};           // power bits -> their abnat

  SolverTables();
};

const SolverTables& solver_tables();

}  // namespace baloot
