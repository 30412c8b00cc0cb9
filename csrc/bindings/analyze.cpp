// Bindings of the decision analysis: numpy outputs, the GIL released, progress and Ctrl-C polled.
#include <pybind11/numpy.h>

#include "engine/analyze.hpp"
#include "bindings/bindings.hpp"

namespace py = pybind11;

namespace baloot {

DecisionQuestion decision_question(const std::vector<int>& deck, int dealer, std::pair<int, int> scores,
                                   const Rules& rules, const std::vector<int>& history,
                                   const std::vector<int>& candidates, const SeatPlayers& seats, std::uint64_t seed) {
  if (deck.size() != kNumCards) throw RuleError("a deck needs 32 cards");
  if (candidates.empty()) throw RuleError("no candidate action to analyse");
  DecisionQuestion q;
  Hand seen = 0;
  for (int p = 0; p < kNumCards; ++p) {
    q.deck[p] = checked_card(deck[static_cast<std::size_t>(p)]);
    if (seen & bit(q.deck[p])) throw RuleError("card " + std::to_string(q.deck[p]) + " appears twice in the deck");
    seen |= bit(q.deck[p]);
  }
  q.dealer = checked_seat(dealer, "dealer");
  q.scores[0] = scores.first;
  q.scores[1] = scores.second;
  q.rules = rules;
  q.history = history;
  q.candidates = candidates;
  q.seed = seed;
  for (int seat = 0; seat < kNumSeats; ++seat) q.players[seat] = seats[seat];
  return q;
}

void bind_analyze(py::module_& m) {
  m.def(
      "analyze_decision",
      [](const std::vector<int>& deck, std::uint32_t known, int dealer, std::pair<int, int> scores, const Rules& rules,
         const std::vector<int>& history, const std::vector<int>& candidates, const py::list& players,
         std::uint64_t seed, std::int64_t first, std::int64_t samples, int threads, py::object progress) {
        if (samples < 0 || first < 0) throw RuleError("samples must be non-negative");
        const SeatPlayers seats(players);
        DecisionQuestion q = decision_question(deck, dealer, scores, rules, history, candidates, seats, seed);
        q.known = known;
        const HandState start = replay(q, q.deck);
        if (start.phase() != Phase::kBidding && start.phase() != Phase::kDoubling)
          throw RuleError("only a bidding or doubling decision can be analysed");
        for (int c : candidates)
          if (!start.is_legal(c)) throw RuleError("candidate action " + std::to_string(c) + " is not legal here");

        const auto k = static_cast<py::ssize_t>(candidates.size());
        py::array_t<std::int16_t> margin({static_cast<py::ssize_t>(samples), k});
        py::array_t<std::uint8_t> flags({static_cast<py::ssize_t>(samples), k});
        py::array_t<std::int8_t> multiplier({static_cast<py::ssize_t>(samples), k});
        py::array_t<std::int32_t> draws(static_cast<py::ssize_t>(samples));
        py::array_t<std::int16_t> own_points({static_cast<py::ssize_t>(samples), k});
        DecisionOutputs out{margin.mutable_data(), flags.mutable_data(), multiplier.mutable_data(),
                            draws.mutable_data(), own_points.mutable_data()};
        std::int64_t completed = 0;
        bool interrupted = false;
        if (seats.any_python()) {  // the GIL serialises Python players anyway: keep it, on this thread
          std::atomic<std::int64_t> done{0};
          const std::atomic<bool> stop{false};
          completed = analyze_decision(q, first, samples, 1, out, done, stop);
        } else {
          std::tie(completed, interrupted) = run_polled(
              [&](std::atomic<std::int64_t>& done, const std::atomic<bool>& stop) {
                return analyze_decision(q, first, samples, std::max(1, threads), out, done, stop);
              },
              progress, 0.1);
        }
        if (interrupted) {
          PyErr_SetNone(PyExc_KeyboardInterrupt);
          throw py::error_already_set();
        }
        return py::make_tuple(margin, flags, multiplier, draws, completed, own_points);
      },
      py::arg("deck"), py::arg("known"), py::arg("dealer"), py::arg("scores"), py::arg("rules"), py::arg("history"),
      py::arg("candidates"), py::arg("players"), py::arg("seed"), py::arg("first"), py::arg("samples"),
      py::arg("threads"), py::arg("progress") = py::none());
}

}  // namespace baloot
