// Micro-benchmarks timed inside C++, so that the figures measure the kernel and not the Python call.
#pragma once

#include <cstdint>

namespace baloot {

// Mean nanoseconds per call over `positions` random positions, each visited `repeats` times.
double time_legal_moves(int positions, int repeats, std::uint64_t seed);
double time_best_projects(int hands, int repeats, std::uint64_t seed);

}  // namespace baloot
