// Binding of the review of one decision: numpy output, the GIL released, progress and Ctrl-C polled.
#include "engine/review.hpp"
#include "bindings/bindings.hpp"

namespace py = pybind11;

namespace baloot {

void bind_review(py::module_& m) {
  m.def(
      "review_decision",
      [](const std::vector<int>& deck, int dealer, std::pair<int, int> scores, const Rules& rules,
         const std::vector<int>& history, const std::vector<int>& candidates, const py::list& players,
         std::uint64_t seed, std::int64_t samples, int threads, py::object progress,
         std::shared_ptr<const NeuralNet> inference, int inference_worlds) {
        if (samples < 0) throw RuleError("samples must be non-negative");
        const SeatPlayers seats(players);
        const DecisionQuestion q = decision_question(deck, dealer, scores, rules, history, candidates, seats, seed);
        const HandState at = replay(q, q.deck);
        const WorldSampler check(q, at, inference.get(), inference_worlds);  // bad inference worlds: before any work
        if (at.phase() == Phase::kOver) throw RuleError("the hand is over: no decision to review");
        for (int c : candidates)
          if (!at.is_legal(c)) throw RuleError("candidate action " + std::to_string(c) + " is not legal here");
        const std::vector<py::ssize_t> shape = {static_cast<py::ssize_t>(samples), static_cast<py::ssize_t>(candidates.size())};
        py::array_t<std::int16_t> margin(shape), own_points(shape);
        py::array_t<std::uint8_t> flags(shape);
        std::int16_t* out = margin.mutable_data();
        std::int16_t* own = own_points.mutable_data();
        std::uint8_t* outcome = flags.mutable_data();
        std::int64_t completed = 0;
        bool interrupted = false;
        if (seats.any_python()) {  // the GIL serialises Python players anyway: keep it, on this thread
          std::atomic<std::int64_t> done{0};
          const std::atomic<bool> stop{false};
          completed = review_decision(q, samples, 1, out, done, stop, own, outcome, inference.get(), inference_worlds);
        } else {
          std::tie(completed, interrupted) = run_polled(
              [&](std::atomic<std::int64_t>& done, const std::atomic<bool>& stop) {
                return review_decision(q, samples, std::max(1, threads), out, done, stop, own, outcome,
                                       inference.get(), inference_worlds);
              },
              progress, 0.1);
        }
        if (interrupted) {
          PyErr_SetNone(PyExc_KeyboardInterrupt);
          throw py::error_already_set();
        }
        return py::make_tuple(margin, completed, own_points, flags);
      },
      py::arg("deck"), py::arg("dealer"), py::arg("scores"), py::arg("rules"), py::arg("history"),
      py::arg("candidates"), py::arg("players"), py::arg("seed"), py::arg("samples"), py::arg("threads"),
      py::arg("progress") = py::none(), py::arg("inference") = nullptr, py::arg("inference_worlds") = kInferenceWorlds,
      "Margins [samples, candidates] of the seat to move's team for each candidate, in worlds it cannot tell "
      "from the true one, with the team's points and the outcome flags; worlds of play weighed by the "
      "`inference` network's likelihood of the other seats' plays, one kept of `inference_worlds` dealt.");
  m.attr("inference_worlds") = kInferenceWorlds;
}

}  // namespace baloot
