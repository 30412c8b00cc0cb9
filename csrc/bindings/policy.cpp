// Bindings of the built-in players, so Python can ask one for a move (tests, `baloot play`).
#include "../players/policy.hpp"
#include "bindings.hpp"

namespace py = pybind11;

namespace baloot {

void bind_policy(py::module_& m) {
  py::class_<Player>(m, "Player")
      .def(py::init([](const std::string& name, const PolicyOptions& options) {
             return Player{name, make_policy(name, options)};
           }),
           py::arg("name"), py::arg("options") = PolicyOptions{})
      .def_readonly("name", &Player::name)
      .def(
          "choose",
          [](const Player& p, const HandState& state, std::uint64_t seed) {
            if (state.phase() == Phase::kOver) throw RuleError("the hand is over: nobody is to move");
            Rng rng(seed);
            py::gil_scoped_release release;
            return p.policy->choose(state, rng);
          },
          py::arg("state"), py::arg("seed") = 0, "The player's action for the seat to move.");
}

}  // namespace baloot
