// Micro-benchmarks timed inside C++, so that the figures measure the kernel and not the Python call.
#pragma once

#include <cstdint>
#include <vector>

#include "players/heuristic.hpp"

namespace baloot {

// Mean nanoseconds per call over `positions` random positions, each visited `repeats` times.
double time_legal_moves(int positions, int repeats, std::uint64_t seed);
double time_best_projects(int hands, int repeats, std::uint64_t seed);

// Full hands (random deal with the dealer rotating, bidding, doubling, play, score) with four
// heuristic players on this thread. Hand i is dealt from item_seed(seed, i).
struct HeuristicTiming {
  double ns_per_hand = 0;        // everything: deal, state machine and the players
  double decisions_per_hand = 0; // player calls per hand
  double ns_per_decision = 0;    // the players alone: total minus a replay of the same actions
};
HeuristicTiming time_heuristic(int hands, std::uint64_t seed, const HeuristicParams& params = HeuristicParams{});

// Team margins of params `a` against params `b` over `hands` deals, each deal played twice: a in
// seats 0 and 2, then a in seats 1 and 3. out[2i] and out[2i+1] are a's game points minus b's.
std::vector<int> heuristic_duel(int hands, std::uint64_t seed, const HeuristicParams& a, const HeuristicParams& b);

}  // namespace baloot
