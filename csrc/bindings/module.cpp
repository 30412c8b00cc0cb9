#include "bindings/bindings.hpp"

#include <chrono>
#include <future>

namespace py = pybind11;

namespace baloot {

namespace {

// A Python callable f(state) -> action, asked only for the seats it plays.
class PythonPolicy final : public Policy {
 public:
  explicit PythonPolicy(py::function decide) : decide_(std::move(decide)) {}

  int choose(const HandState& state, Rng&) const override {
    py::gil_scoped_acquire gil;
    const int action = decide_(state).cast<int>();
    if (!state.is_legal(action))
      throw IllegalActionError("a Python player chose action " + std::to_string(action) + ", which is not legal");
    return action;
  }
  int score_class(int, int) const override { return kAnyScoreClass; }

 private:
  py::function decide_;
};

}  // namespace

SeatPlayers::SeatPlayers(const py::list& players) {
  if (players.size() != kNumSeats) throw RuleError("four players are needed, got " + std::to_string(players.size()));
  for (int seat = 0; seat < kNumSeats; ++seat) {
    py::object p = players[static_cast<std::size_t>(seat)];
    if (py::isinstance<Player>(p)) {
      seats_[seat] = p.cast<const Player&>().policy;
    } else {
      seats_[seat] = std::make_shared<PythonPolicy>(p.cast<py::function>());
      any_python_ = true;
    }
  }
}

std::pair<std::int64_t, bool> run_polled(const PolledJob& job, const py::object& progress, double poll_seconds) {
  std::atomic<std::int64_t> done{0};
  std::atomic<bool> stop{false};
  bool interrupted = false;
  std::future<std::int64_t> result;
  {
    py::gil_scoped_release release;
    result = std::async(std::launch::async, [&] { return job(done, stop); });
    const auto tick = std::chrono::duration<double>(poll_seconds);
    while (result.wait_for(tick) != std::future_status::ready) {
      py::gil_scoped_acquire gil;
      if (PyErr_CheckSignals() != 0) {
        PyErr_Clear();
        interrupted = true;
        stop = true;
      } else if (!progress.is_none()) {
        try {
          progress(done.load());
        } catch (...) {
          stop = true;
          py::gil_scoped_release wait;
          result.wait();
          throw;
        }
      }
    }
  }
  const std::int64_t finished = result.get();
  if (!progress.is_none()) progress(done.load());
  return {finished, interrupted};
}

}  // namespace baloot

// The module's entry point is exported as baloot_core_init: Python calls PyInit__core in dispatch.cpp,
// which runs this one or the one of the build for a faster CPU.
#define PyInit__core baloot_core_init
PYBIND11_MODULE(_core, m) {
  m.doc() = "The C++ core of baloot. Use the `baloot` package; this module's API is private.";
  m.attr("build_target") = BALOOT_BUILD_TARGET;  // the baseline and the build running, as setup.py named them
  auto& baloot_error = py::register_exception<baloot::RuleError>(m, "BalootError", PyExc_ValueError);
  py::register_exception<baloot::IllegalActionError>(m, "IllegalAction", baloot_error.ptr());
  baloot::bind_facts(m);
  baloot::bind_kernel(m);
  baloot::bind_hand(m);
  baloot::bind_bench(m);
  baloot::bind_policy(m);
  baloot::bind_neural(m);
  baloot::bind_simulate(m);
  baloot::bind_match(m);
  baloot::bind_analyze(m);
  baloot::bind_review(m);
  baloot::bind_heuristic(m);
  baloot::bind_solver(m);
  baloot::bind_rl(m);
}
