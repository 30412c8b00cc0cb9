// The solver timed on random full deals, in C++ on one thread.
#include <algorithm>
#include <chrono>
#include <vector>

#include "solver/solver.hpp"

namespace baloot {

namespace {

// Asks `query` of p; returns the nodes searched.
std::uint64_t ask(Solver& solver, const Position& p, bool all_moves, SolverQuery query, volatile int& sink) {
  const int leaders = team_of(p.leader);
  switch (query) {
    case SolverQuery::kSolve: sink = sink + solver.solve(p, all_moves).value[0]; break;
    case SolverQuery::kValue: sink = sink + solver.value(p); break;
    case SolverQuery::kMake: sink = sink + solver.reaches(p, leaders, abnat_to_win(p) / 2 + 1); break;
    case SolverQuery::kPoints: sink = sink + solver.points(p, {0, 0}, {0, 0}).points[0]; break;
  }
  return solver.nodes();
}

}  // namespace

SolverTiming time_solver(int n, std::uint64_t seed, bool all_moves, int mode, SolverQuery query) {
  std::vector<Position> deals(static_cast<std::size_t>(n));
  Rng rng(seed);
  const Rules rules;
  const int scores[2] = {0, 0};
  for (int i = 0; i < n; ++i) {
    HandState state = HandState::random_deal(rng, static_cast<int>(rng.below(4)), scores, rules);
    const bool hokum = mode < 0 ? (i & 1) != 0 : mode == 1;
    const int trump = static_cast<int>(rng.below(4));
    state.force_contract(hokum ? Contract{Mode::kHokum, trump} : Contract{Mode::kSun, kNoSuit});
    deals[static_cast<std::size_t>(i)] = position_of(state);
  }
  Solver solver;
  std::vector<double> micros(static_cast<std::size_t>(n));
  double nodes = 0;
  volatile int sink = 0;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < n; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::uint64_t searched = ask(solver, deals[static_cast<std::size_t>(i)], all_moves, query, sink);
    const auto t1 = std::chrono::steady_clock::now();
    nodes += static_cast<double>(searched);
    micros[static_cast<std::size_t>(i)] = std::chrono::duration<double, std::micro>(t1 - t0).count();
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::sort(micros.begin(), micros.end());
  SolverTiming t;
  t.solves = n;
  t.seconds = seconds;
  t.solves_per_second = n / seconds;
  t.median_us = micros[micros.size() / 2];
  t.p99_us = micros[std::min(micros.size() - 1, micros.size() * 99 / 100)];
  t.max_us = micros.back();
  t.mean_nodes = nodes / n;
  return t;
}

}  // namespace baloot
