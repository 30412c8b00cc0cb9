// Bindings of the batch runner: numpy arrays in, the GIL released while C++ threads play, a progress
// callback and Ctrl-C polled from the calling thread.
#include "engine/simulate.hpp"
#include "bindings/bindings.hpp"

namespace py = pybind11;

namespace baloot {

namespace {

py::dict summary_dict(const SimSummary& s) {
  auto list = [](const std::int64_t* v, int n) { return std::vector<std::int64_t>(v, v + n); };
  py::dict d;
  d["hands"] = s.hands;
  d["thrown_in"] = s.thrown_in;
  d["points"] = list(s.points, 2);
  d["points_sq"] = list(s.points_sq, 2);
  d["margin_sq"] = s.margin_sq;
  d["buys"] = list(s.buys, 4);
  d["buys_made"] = list(s.buys_made, 4);
  d["buyer_points"] = list(s.buyer_points, 4);
  d["buyer_points_sq"] = list(s.buyer_points_sq, 4);
  d["buyer_margin"] = list(s.buyer_margin, 4);
  d["buyer_margin_sq"] = list(s.buyer_margin_sq, 4);
  d["contracts"] = list(s.contracts, kSummaryContracts);
  d["made"] = s.made;
  d["kaboot"] = list(s.kaboot, 2);
  d["multiplier"] = list(s.multiplier, 5);
  d["gahwa"] = s.gahwa;
  d["project_kinds"] = list(s.project_kinds, 4);
  d["hands_with_projects"] = s.hands_with_projects;
  d["baloot"] = s.baloot;
  return d;
}

}  // namespace

void bind_simulate(py::module_& m) {
  m.def(
      "simulate",
      [](std::int64_t first, std::int64_t count, std::uint64_t seed, int threads, const Rules& rules, py::object contract,
         const py::list& players, const py::dict& arrays, bool summarize, py::object progress, double poll_seconds,
         py::object finished_array, bool random_play_loop, bool native_view_loop) {
        if (first < 0 || count < 0) throw RuleError("hands and start must be non-negative");
        SimConfig config;
        config.first = first;
        config.count = count;
        config.seed = seed;
        config.threads = threads;
        config.rules = rules;
        config.random_play_loop = random_play_loop;
        config.native_view_loop = native_view_loop;
        if (!contract.is_none()) {
          const auto pair = contract.cast<std::pair<int, int>>();
          config.forced = true;
          config.contract = checked_contract(pair.first, pair.second);
        }
        const SeatPlayers seats(players);
        for (int seat = 0; seat < kNumSeats; ++seat) config.players[seat] = seats[seat];
        SimArrays out;
        out.points = column<std::int16_t>(arrays, "points", count, 2);
        out.abnat = column<std::int16_t>(arrays, "abnat", count, 2);
        out.projects = column<std::int16_t>(arrays, "projects", count, 2);
        out.tricks = column<std::int8_t>(arrays, "tricks", count, 2);
        out.mode = column<std::int8_t>(arrays, "mode", count, 1);
        out.trump = column<std::int8_t>(arrays, "trump", count, 1);
        out.buyer = column<std::int8_t>(arrays, "buyer", count, 1);
        out.dealer = column<std::int8_t>(arrays, "dealer", count, 1);
        out.made = column<std::int8_t>(arrays, "made", count, 1);
        out.kaboot = column<std::int8_t>(arrays, "kaboot", count, 1);
        out.multiplier = column<std::int8_t>(arrays, "multiplier", count, 1);
        out.gahwa = column<std::int8_t>(arrays, "gahwa", count, 1);
        out.ashkal = column<std::int8_t>(arrays, "ashkal", count, 1);
        out.baloot = column<std::int8_t>(arrays, "baloot", count, 1);
        std::uint8_t* finished = nullptr;
        if (!finished_array.is_none()) {
          py::dict holder;
          holder["finished"] = finished_array;
          finished = column<std::uint8_t>(holder, "finished", count, 1);
        }

        SimSummary summary;
        SimSummary* wanted = summarize ? &summary : nullptr;
        std::int64_t played = 0;
        bool interrupted = false;
        // A player's illegal action stops the batch like Ctrl-C: the hands finished before it are
        // summed and marked, and its message is returned with them for Python to raise.
        py::object error = py::none();
        try {
          if (seats.any_python()) {
            config.threads = 1;  // the GIL serialises Python players anyway; keep it held and simple
            std::atomic<std::int64_t> done{0};
            const std::atomic<bool> stop{false};
            played = simulate(config, out, wanted, done, stop, finished);
          } else {
            std::tie(played, interrupted) = run_polled(
                [&](std::atomic<std::int64_t>& done, const std::atomic<bool>& stop) {
                  return simulate(config, out, wanted, done, stop, finished);
                },
                progress, poll_seconds);
          }
        } catch (const IllegalActionError& illegal) {
          error = py::str(illegal.what());
        } catch (py::error_already_set& raised) {
          if (!raised.matches(py::module_::import("baloot._core").attr("IllegalAction"))) throw;
          error = py::str(raised.value());
        }
        py::object stats = summarize ? py::object(summary_dict(summary)) : py::object(py::none());
        return py::make_tuple(stats, played, interrupted, error);
      },
      py::arg("first"), py::arg("count"), py::arg("seed"), py::arg("threads"), py::arg("rules"), py::arg("contract"),
      py::arg("players"), py::arg("arrays"), py::arg("summarize"), py::arg("progress") = py::none(),
      py::arg("poll_seconds") = 0.1, py::arg("finished") = py::none(), py::arg("random_play_loop") = true,
      py::arg("native_view_loop") = true);
}

}  // namespace baloot
