// Bindings of the built-in players, so Python can ask one for a move (tests, `baloot play`).
#include <pybind11/numpy.h>

#include "players/neural.hpp"
#include "players/play_labels.hpp"
#include "players/policy.hpp"
#include "players/search_players.hpp"
#include "players/strong_weights.hpp"
#include "bindings/bindings.hpp"

namespace py = pybind11;

namespace baloot {

std::shared_ptr<const RolloutPolicy> labelling_search(std::int64_t hands, const Player& labeller, int threads,
                                                      const Player* playout, bool required) {
  if (hands < 1 || hands > 100'000'000) throw RuleError("hands must be 1..100000000, got " + std::to_string(hands));
  if (threads < 1 || threads > 1024) throw RuleError("threads must be 1..1024, got " + std::to_string(threads));
  if (!required) return nullptr;
  auto rollout = std::dynamic_pointer_cast<const RolloutPolicy>(labeller.policy);
  if (!rollout) throw RuleError("the labeller must be a rollout player, got " + labeller.name);
  if (playout) rollout = std::make_shared<RolloutPolicy>(rollout->options(), playout->policy);
  return rollout;
}

void bind_policy(py::module_& m) {
  py::class_<Player>(m, "Player")
      .def(py::init([](const std::string& name, const PolicyOptions& options, const std::string& weights) {
             if (weights.empty()) return Player{name, make_policy(name, options)};
             if (name != "neural") throw RuleError("player " + name + " takes no weights file, got " + weights);
             return Player{name, make_neural_policy(options, weights)};
           }),
           py::arg("name"), py::arg("options") = PolicyOptions{}, py::arg("weights") = "",
           "A built-in player by name; `weights`: the neural player's weights file (default: the shipped one).")
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
  m.def(
      "play_labels",
      [](std::int64_t hands, std::uint64_t seed, const Player& player, const Player& labeller, const Rules& rules,
         int threads, const Player* playout) {
        const auto rollout = labelling_search(hands, labeller, threads, playout);
        PlayLabels labels;
        {
          py::gil_scoped_release release;
          labels = play_labels(hands, seed, *player.policy, *rollout, rules, threads);
        }
        const auto array = [](const auto& values) {
          return py::array(static_cast<py::ssize_t>(values.size()), values.data());
        };
        py::array features = array(labels.features);
        features.resize({static_cast<py::ssize_t>(labels.value.size()), static_cast<py::ssize_t>(kPlayFeatures)});
        py::dict out;
        out["context"] = array(labels.context);
        out["count"] = array(labels.count);
        out["features"] = features;
        out["value"] = array(labels.value);
        out["card"] = array(labels.card);
        return out;
      },
      py::arg("hands"), py::arg("seed"), py::arg("player"), py::arg("labeller"), py::arg("rules"), py::arg("threads") = 1,
      py::arg("playout") = nullptr,
      "Training data for the strong player's card play: the features of every card open at each card decision "
      "with a choice in `hands` hands called and played by `player`, and the value the rollout `labeller` gives it "
      "(its play-outs by `playout` when given).");
  m.def(
      "play_feature_names", [] { return std::vector<std::string>(kPlayFeatureNames, kPlayFeatureNames + kPlayFeatures); },
      "The names of the strong player's card features, in order.");
  m.def("play_contexts", [] { return kPlayContexts; }, "The number of kinds of card decision the strong player weighs apart.");
  m.def("play_weights", [] { return kPlayWeights; }, "The number of card-play weights per kind of decision.");
  m.def(
      "play_value",
      [](const std::vector<float>& weights, const std::vector<float>& x) {
        if (weights.size() != kPlayWeights || x.size() != kPlayFeatures)
          throw RuleError("play_value takes " + std::to_string(kPlayWeights) + " weights and " +
                          std::to_string(kPlayFeatures) + " features");
        return play_value(weights.data(), x.data());
      },
      py::arg("weights"), py::arg("features"), "A card's value under one context's card-play weights.");
  m.def("set_strong_weights_path", &set_strong_weights_path, py::arg("path"),
        "The weights file the strong player reads (the package sets the one it ships).");
  m.def("strong_weights_path", &strong_weights_path, "The weights file the strong player reads.");
  m.def(
      "check_strong_weights", [](const std::string& path) { read_strong_weights(path); }, py::arg("path"),
      "Reads a strong-player weights file; a BalootError says what is wrong with it.");
}

}  // namespace baloot
