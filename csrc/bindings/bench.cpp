// Bindings of the in-core micro-benchmarks.
#include "engine/bench.hpp"
#include "bindings/bindings.hpp"

namespace py = pybind11;

namespace baloot {

void bind_bench(py::module_& m) {
  m.def(
      "time_legal_moves",
      [](int positions, int repeats, std::uint64_t seed) {
        if (positions < 1 || repeats < 1) throw RuleError("positions and repeats must be positive");
        py::gil_scoped_release release;
        return time_legal_moves(positions, repeats, seed);
      },
      py::arg("positions"), py::arg("repeats"), py::arg("seed") = 0, "Mean ns per legal-move call, timed in C++.");
  m.def(
      "time_best_projects",
      [](int hands, int repeats, std::uint64_t seed) {
        if (hands < 1 || repeats < 1) throw RuleError("hands and repeats must be positive");
        py::gil_scoped_release release;
        return time_best_projects(hands, repeats, seed);
      },
      py::arg("hands"), py::arg("repeats"), py::arg("seed") = 0, "Mean ns per best-project-set call, timed in C++.");
}

}  // namespace baloot
