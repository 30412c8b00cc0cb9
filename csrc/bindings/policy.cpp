// Bindings of the built-in players, so Python can ask one for a move (tests, `baloot play`).
#include <pybind11/numpy.h>

#include "players/match_table.hpp"
#include "players/neural_net.hpp"
#include "players/play_labels.hpp"
#include "players/policy.hpp"
#include "players/registry.hpp"
#include "players/worlds.hpp"
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
  if (playout) rollout = rollout->with_playout(playout->policy);
  return rollout;
}

namespace {

const char* kind_name(OptionKind kind) {
  switch (kind) {
    case OptionKind::kWhole:
      return "whole";
    case OptionKind::kReal:
      return "real";
    case OptionKind::kFlag:
      break;
  }
  return "flag";
}

// The registry as Python values: one dict a player, its options a tuple of dicts.
py::tuple registry_table() {
  py::list players;
  for (const PlayerInfo& player : player_registry()) {
    py::list options;
    for (const PlayerOption& option : player.options) {
      py::dict row;
      row["name"] = option.name;
      row["kind"] = kind_name(option.kind);
      row["default"] = option.fallback;
      row["low"] = option.low;
      row["high"] = option.high;
      row["help"] = option.help;
      options.append(row);
    }
    py::dict row;
    row["name"] = player.name;
    row["summary"] = player.summary;
    row["strength"] = player.strength;
    row["speed"] = player.speed;
    row["search"] = player.search;
    row["fair"] = player.fair;
    row["options"] = py::tuple(options);
    players.append(row);
  }
  return py::tuple(players);
}

}  // namespace

void bind_policy(py::module_& m) {
  m.attr("player_registry") = registry_table();
  m.attr("default_analysis_player") = kDefaultAnalysisPlayer;
  py::class_<StrongWeights, std::shared_ptr<StrongWeights>>(
      m, "StrongWeights", "The strong player's learned values, read from a weights file; never changed once read.")
      .def(py::init([](const std::string& path) { return std::make_shared<StrongWeights>(read_strong_weights(path)); }),
           py::arg("path"), "Reads and checks a weights file; a BalootError says what is wrong with it.");
  py::class_<NeuralNet, std::shared_ptr<NeuralNet>>(
      m, "NeuralWeights", "The neural player's network, read from a weights file; never changed once read.")
      .def(py::init(&read_neural_net), py::arg("path"),
           "Reads and checks a weights file; a BalootError says what is wrong with it.")
      .def_property_readonly(
          "has_calls", [](const NeuralNet& net) { return net.calls != nullptr; },
          "Whether the file holds a call network too (the player then bids by it).");
  py::class_<Player>(m, "Player")
      .def(py::init([](const std::string& name, const PolicyOptions& options, std::shared_ptr<StrongWeights> weights,
                       std::shared_ptr<NeuralNet> network) {
             return Player{name, make_policy(name, options, {std::move(weights), std::move(network)})};
           }),
           py::arg("name"), py::arg("options") = PolicyOptions{}, py::arg("weights") = nullptr,
           py::arg("network") = nullptr,
           "A built-in player; `weights` are the strong player's (the neural player calls by them too), `network` "
           "the neural player's (the others take none).")
      .def_static("native", &native_player, py::arg("function"), py::arg("name"),
                  "A player that is a C function (a PyCapsule or an address): baloot/native/baloot_player.h.")
      .def(
          "with_match_table",
          [](const Player& p, const Rules& rules, const std::vector<double>& win, const std::vector<double>& ties)
              -> py::object {
            auto policy = p.policy->with_match_table(std::make_shared<MatchTable>(rules, win, ties));
            if (!policy) return py::none();
            return py::cast(Player{p.name, std::move(policy)});
          },
          py::arg("rules"), py::arg("win"), py::arg("ties"),
          "The same player reading a match equity table of `rules` (win [s0][s1][dealer] and ties [s - target]"
          "[dealer], flattened) where its option match_equity asks for one; None for a player that never reads one.")
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
}

}  // namespace baloot
