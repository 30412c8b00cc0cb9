// Bindings of the built-in players, so Python can ask one for a move (tests, `baloot play`).
#include "../players/policy.hpp"
#include "../players/search_players.hpp"
#include "../players/strong_weights.hpp"
#include "bindings.hpp"

namespace py = pybind11;

namespace baloot {

void bind_policy(py::module_& m) {
  py::class_<Player>(m, "Player")
      .def(py::init([](const std::string& name, const PolicyOptions& options) {
             return Player{name, make_policy(name, options)};
           }),
           py::arg("name"), py::arg("options") = PolicyOptions{})
      .def_static("native", &native_player, py::arg("function"), py::arg("name"),
                  "A player that is a C function (a PyCapsule or an address): baloot/native/baloot_player.h.")
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
  m.def(
      "world_surprises",
      [](const HandState& state, const std::vector<Hand>& hands, const std::string& model, int calls) {
        if (state.phase() != Phase::kPlaying) throw RuleError("the hand is not in its playing phase");
        if (hands.size() != kNumSeats) throw RuleError("hands must be four masks");
        if (calls < 0 || calls > kNumCards) throw RuleError("calls must be 0..32, got " + std::to_string(calls));
        const SeatView view(state);
        const HiddenCards hidden = hidden_cards(view);
        const WorldReplay replay(view, hidden, calls);
        if (!replay.usable()) return -1;
        const Hand world[kNumSeats] = {hands[0], hands[1], hands[2], hands[3]};
        return replay.surprises(*make_policy(model), world, 2 * kNumCards);
      },
      py::arg("state"), py::arg("hands"), py::arg("model") = "heuristic", py::arg("calls") = 0,
      "How many of the other team's plays so far `model` would not have made in the world of `hands` "
      "(-1 when the calls cannot be rebuilt), and `calls` more when `model`, making the other team's calls "
      "from the deal, would not have made the real ones.");
  m.def("set_strong_weights_path", &set_strong_weights_path, py::arg("path"),
        "The weights file the strong player reads (the package sets the one it ships).");
  m.def("strong_weights_path", &strong_weights_path, "The weights file the strong player reads.");
  m.def(
      "check_strong_weights", [](const std::string& path) { read_strong_weights(path); }, py::arg("path"),
      "Reads a strong-player weights file; a BalootError says what is wrong with it.");
}

}  // namespace baloot
