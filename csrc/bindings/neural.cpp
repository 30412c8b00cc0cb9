// Bindings of the neural player's parts: its input features, its integer network, its training rows.
#include "players/neural_likelihood.hpp"
#include "players/neural_net.hpp"
#include "players/neural_rows.hpp"
#include "bindings/bindings.hpp"

namespace py = pybind11;

namespace baloot {

namespace {

template <typename T>
py::array_t<T> rows_array(const std::vector<T>& values, py::ssize_t width) {
  const auto rows = static_cast<py::ssize_t>(values.size()) / width;
  py::array_t<T> out(width == 1 ? std::vector<py::ssize_t>{rows} : std::vector<py::ssize_t>{rows, width});
  std::copy(values.begin(), values.end(), out.mutable_data());
  return out;
}

}  // namespace

void bind_neural(py::module_& m) {
  m.def(
      "neural_sizes",
      [] {
        py::dict d;
        d["inputs"] = static_cast<int>(kNeuralInputs);
        d["l1"] = kNeuralL1;
        d["l2"] = kNeuralL2;
        d["l3"] = kNeuralL3;
        d["max_active"] = kNeuralMaxActive;
        d["shift"] = kNeuralShift;
        d["one"] = kNeuralOne;
        d["output_one"] = kNeuralOutputOne;
        d["value_scale"] = kNeuralValueScale;
        d["header"] = std::string(kNeuralHeader);
        d["header_with_calls"] = std::string(kNeuralHeaderWithCalls);
        d["call_inputs"] = static_cast<int>(kNeuralCallInputs);
        d["call_l1"] = kNeuralCallL1;
        d["call_l2"] = kNeuralCallL2;
        d["call_l3"] = kNeuralCallL3;
        d["calls"] = kNeuralCalls;
        d["call_max_active"] = kNeuralCallMaxActive;
        return d;
      },
      "The neural player's network sizes and integer scales (players/neural_net.hpp).");
  m.def(
      "neural_input",
      [](const HandState& state) {
        if (state.phase() != Phase::kPlaying) throw RuleError("the hand is not in its playing phase");
        NeuralInput in;
        neural_input(SeatView(state), in);
        return py::make_tuple(std::vector<int>(in.active, in.active + in.count),
                              std::vector<int>(in.canonical_suit, in.canonical_suit + kNumSuits));
      },
      py::arg("state"),
      "The active features of the seat to move's card decision, and each actual suit's canonical number.");
  m.def(
      "neural_call_input",
      [](const HandState& state) {
        if (state.phase() != Phase::kBidding) throw RuleError("the hand is not in its bidding phase");
        NeuralCallInput in;
        neural_call_input(SeatView(state), in);
        return py::make_tuple(std::vector<int>(in.active, in.active + in.count),
                              std::vector<int>(in.canonical_suit, in.canonical_suit + kNumSuits));
      },
      py::arg("state"),
      "The active features of the seat to move's bidding turn, and each actual suit's canonical number.");
  m.def(
      "neural_call_values",
      [](const NeuralNet& network, const std::vector<int>& active) {
        if (!network.calls) throw RuleError("this network has no call network");
        if (active.size() > kNeuralCallMaxActive) throw RuleError("more than " + std::to_string(kNeuralCallMaxActive) + " active features");
        std::uint16_t features[kNeuralCallMaxActive];
        for (std::size_t i = 0; i < active.size(); ++i) {
          if (active[i] < 0 || active[i] >= kNeuralCallInputs) throw RuleError("feature " + std::to_string(active[i]) + " out of range");
          features[i] = static_cast<std::uint16_t>(active[i]);
        }
        std::int32_t values[kNeuralCalls];
        neural_call_values(*network.calls, features, static_cast<int>(active.size()), values);
        return std::vector<int>(values, values + kNeuralCalls);
      },
      py::arg("network"), py::arg("active"),
      "The integer value of each call (pass, hokum, hokum in canonical suit 0-3, sun, ashkal) for `active` features.");
  m.def(
      "neural_forward",
      [](const NeuralNet& network, const std::vector<int>& active) {
        if (active.size() > kNeuralMaxActive) throw RuleError("more than " + std::to_string(kNeuralMaxActive) + " active features");
        std::uint16_t features[kNeuralMaxActive];
        for (std::size_t i = 0; i < active.size(); ++i) {
          if (active[i] < 0 || active[i] >= kNeuralInputs) throw RuleError("feature " + std::to_string(active[i]) + " out of range");
          features[i] = static_cast<std::uint16_t>(active[i]);
        }
        NeuralOutput out;
        neural_forward(network, features, static_cast<int>(active.size()), out);
        return py::make_tuple(std::vector<int>(out.policy, out.policy + kNumCards), out.value);
      },
      py::arg("network"), py::arg("active"), "The integer logits and value of `network` for `active` features.");
  m.def(
      "neural_play_log_probability",
      [](const NeuralNet& network, const HandState& state, int card) {
        if (state.phase() != Phase::kPlaying) throw RuleError("the hand is not in its playing phase");
        if (card < 0 || card >= kNumCards || !(state.legal_cards() & bit(static_cast<Card>(card))))
          throw RuleError("card " + std::to_string(card) + " is not legal here");
        return neural_play_log_probability(network, SeatView(state), static_cast<Card>(card));
      },
      py::arg("network"), py::arg("state"), py::arg("card"),
      "The log-probability of `card` for the seat to move under the softmax of the network's logits over its "
      "legal cards, in logit units (output_one per nat), at least -play_floor.");
  m.attr("neural_play_floor") = kNeuralPlayFloor;
  m.def(
      "neural_rows",
      [](std::int64_t hands, std::uint64_t seed, const Player& player, const Player* labeller, const Rules& rules,
         int threads, const Player* playout, const Player* opponent) {
        const Player none{"none", nullptr};
        const auto rollout = labelling_search(hands, labeller ? *labeller : none, threads, playout, labeller != nullptr);
        NeuralRows rows;
        {
          py::gil_scoped_release release;
          rows = neural_rows(hands, seed, *player.policy, rollout.get(), rules, threads,
                             opponent ? opponent->policy.get() : nullptr);
        }
        py::dict out;
        out["features"] = rows_array(rows.features, kNeuralMaxActive);
        out["legal"] = rows_array(rows.legal, 1);
        out["value"] = rows_array(rows.value, kNumCards);
        out["margin"] = rows_array(rows.margin, 1);
        out["chosen"] = rows_array(rows.chosen, 1);
        return out;
      },
      py::arg("hands"), py::arg("seed"), py::arg("player"), py::arg("labeller"), py::arg("rules"), py::arg("threads") = 1,
      py::arg("playout") = nullptr, py::arg("opponent") = nullptr,
      "Training rows for the neural player from `hands` hands called and played by `player` (with `opponent` "
      "given: by `player` for team (i / 4) mod 2 of hand i, by `opponent` for the other team, whose decisions make "
      "no rows): per card decision with a choice, the active features (padded with the number of inputs), the legal cards, each legal card's value "
      "from the rollout `labeller` (its play-outs by `playout` when given; every value 0 when the labeller is None), "
      "the hand's final margin and the card "
      "`player` played, cards in "
      "the canonical order.");
}

}  // namespace baloot
