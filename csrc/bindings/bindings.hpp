// Shared helpers of the Python bindings: the only place besides csrc/bindings/*.cpp that sees pybind11.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "engine/analyze.hpp"
#include "kernel/cards.hpp"
#include "kernel/checks.hpp"
#include "players/policy.hpp"
#include "kernel/projects.hpp"
#include "kernel/rules.hpp"

namespace baloot {

// A built-in player as Python holds it.
struct Player {
  std::string name;
  std::shared_ptr<const Policy> policy;
};

// A player that is a C function `int f(const baloot_view*, uint64_t seed)` (players/native/baloot_player.h),
// given as a PyCapsule or an integer address; a RuleError for anything else or a null pointer.
Player native_player(const pybind11::object& function, const std::string& name);

// The four players of a batch, from Python: built-in ones (Player) and Python callables
// f(state) -> action number. A callable runs with the GIL, so batches with one run on one thread.
class SeatPlayers {
 public:
  explicit SeatPlayers(const pybind11::list& players);
  const Policy* operator[](int seat) const { return seats_[seat].get(); }
  bool any_python() const { return any_python_; }

 private:
  std::shared_ptr<const Policy> seats_[kNumSeats];
  bool any_python_ = false;
};


// A decision question from Python's arguments, the deck and the players checked; `seats` must outlive it.
DecisionQuestion decision_question(const std::vector<int>& deck, int dealer, std::pair<int, int> scores,
                                   const Rules& rules, const std::vector<int>& history,
                                   const std::vector<int>& candidates, const SeatPlayers& seats, std::uint64_t seed);

// (kind, is_run, top_rank, length, cards mask, abnat) per project of a set, best first.
pybind11::list project_list(const ProjectSet& set);

// The data of a caller-owned numpy array that C++ fills: `rows` rows of `width` T (one dimension when
// width is 1), C-contiguous and writable; else a RuleError naming it.
template <typename T>
T* output_array(pybind11::array array, const char* name, std::int64_t rows, int width) {
  const bool shape_ok = array.ndim() == (width == 1 ? 1 : 2) && array.shape(0) == rows && (width == 1 || array.shape(1) == width);
  if (!array.dtype().is(pybind11::dtype::of<T>()) || !shape_ok || !(array.flags() & pybind11::array::c_style) ||
      !array.writeable())
    throw RuleError(std::string("output array ") + name + " has the wrong dtype, shape or layout");
  return static_cast<T*>(array.mutable_data());
}

// output_array of arrays[name], or null when `arrays` has no such key.
template <typename T>
T* column(const pybind11::dict& arrays, const char* name, std::int64_t rows, int width) {
  return arrays.contains(name) ? output_array<T>(arrays[name].cast<pybind11::array>(), name, rows, width) : nullptr;
}

// Runs `job(done, stop)` on a worker thread with the GIL released, while this thread checks for
// Ctrl-C (which sets `stop`) and calls `progress(done)` every `poll_seconds`.
// Returns what the job returned and whether it was interrupted.
using PolledJob = std::function<std::int64_t(std::atomic<std::int64_t>& done, const std::atomic<bool>& stop)>;
std::pair<std::int64_t, bool> run_polled(const PolledJob& job, const pybind11::object& progress, double poll_seconds);

// The rollout search that labels training rows: `labeller` (a rollout player) with its play-outs by
// `playout` when given, or null when no labeller is `required`; a RuleError for another labeller, or hands
// or threads out of range.
class RolloutPolicy;
std::shared_ptr<const RolloutPolicy> labelling_search(std::int64_t hands, const Player& labeller, int threads,
                                                      const Player* playout, bool required = true);

void bind_facts(pybind11::module_& m);
void bind_kernel(pybind11::module_& m);
void bind_hand(pybind11::module_& m);
void bind_bench(pybind11::module_& m);
void bind_policy(pybind11::module_& m);
void bind_neural(pybind11::module_& m);
void bind_simulate(pybind11::module_& m);
void bind_match(pybind11::module_& m);
void bind_analyze(pybind11::module_& m);
void bind_review(pybind11::module_& m);
void bind_heuristic(pybind11::module_& m);
void bind_solver(pybind11::module_& m);
void bind_rl(pybind11::module_& m);
void bind_aec_env(pybind11::module_& m);  // called by bind_rl

}  // namespace baloot
