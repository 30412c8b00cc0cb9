// Bindings of the heuristic player's parameters, its in-core timing and a duel harness for tuning.
#include "engine/bench.hpp"
#include "players/expert.hpp"
#include "players/heuristic.hpp"
#include "players/registry.hpp"
#include "bindings/bindings.hpp"

namespace py = pybind11;

namespace baloot {

namespace {

// The heuristic player's parameters from its options, checked as make_policy checks them.
HeuristicParams params_from(const PolicyOptions& options) {
  return with_options(checked_options(player_info("heuristic"), options), HeuristicParams{}, "heuristic");
}

void check_hands(int hands) {
  if (hands < 1) throw RuleError("hands must be positive, got " + std::to_string(hands));
}

}  // namespace

void bind_heuristic(py::module_& m) {
  m.def(
      "time_heuristic_hands",
      [](int hands, std::uint64_t seed) {
        check_hands(hands);
        py::gil_scoped_release release;
        return time_heuristic(hands, seed).ns_per_hand;
      },
      py::arg("hands"), py::arg("seed") = 0,
      "Mean ns per full hand (deal, bidding, doubling, play, score) with four heuristic players, one thread.");
  m.def(
      "time_heuristic",
      [](int hands, std::uint64_t seed, const PolicyOptions& options) {
        check_hands(hands);
        const HeuristicParams params = params_from(options);
        HeuristicTiming t;
        {
          py::gil_scoped_release release;
          t = time_heuristic(hands, seed, params);
        }
        py::dict out;
        out["ns_per_hand"] = t.ns_per_hand;
        out["hands_per_second"] = 1e9 / t.ns_per_hand;
        out["decisions_per_hand"] = t.decisions_per_hand;
        out["ns_per_decision"] = t.ns_per_decision;
        return out;
      },
      py::arg("hands"), py::arg("seed") = 0, py::arg("options") = PolicyOptions{},
      "time_heuristic_hands with details: ns per hand, hands/s, decisions per hand, ns per decision (players only).");
  m.def(
      "heuristic_duel",
      [](int hands, std::uint64_t seed, const PolicyOptions& a, const PolicyOptions& b) {
        check_hands(hands);
        const HeuristicParams pa = params_from(a), pb = params_from(b);
        py::gil_scoped_release release;
        return heuristic_duel(hands, seed, pa, pb);
      },
      py::arg("hands"), py::arg("seed"), py::arg("a") = PolicyOptions{}, py::arg("b") = PolicyOptions{},
      "Heuristic options a against options b: each deal twice with seats swapped; a's margin per game.");
}

}  // namespace baloot
