// Bindings of the double-dummy solver and of what the search players know about hidden cards.
#include <algorithm>
#include <iterator>
#include <mutex>
#include <string>

#include "solver/dd_table.hpp"
#include "players/worlds.hpp"
#include "kernel/scoring.hpp"
#include "solver/solver.hpp"
#include "bindings/bindings.hpp"

namespace py = pybind11;

namespace baloot {

namespace {

// A Solver that Python may share between threads: one solve at a time.
struct PySolver {
  explicit PySolver(int tt_bits) : solver(tt_bits) {}
  Solver solver;
  std::mutex mutex;
};

py::dict solution(const SolveResult& r) {
  py::dict moves;
  for (Hand h = r.legal; h; h = without_lowest(h)) {
    const Card c = lowest_card(h);
    if (r.move_value[c] >= 0) moves[py::int_(c)] = r.move_value[c];
  }
  py::dict out;
  out["value"] = py::make_tuple(r.value[0], r.value[1]);
  out["mover"] = r.mover;
  out["legal"] = r.legal;
  out["best"] = r.best;
  out["moves"] = moves;
  out["nodes"] = r.nodes;
  return out;
}

Position checked_position(const std::vector<std::uint64_t>& hands, const std::vector<int>& trick, int leader, int mode,
                          int trump, const Rules& rules) {
  if (hands.size() != kNumSeats) throw RuleError("need four hands, got " + std::to_string(hands.size()));
  if (trick.size() > 3) throw RuleError("a trick on the table holds 0 to 3 cards, got " + std::to_string(trick.size()));
  Position p;
  for (int seat = 0; seat < kNumSeats; ++seat) p.hands[seat] = checked_hand(hands[static_cast<std::size_t>(seat)]);
  p.trick_len = static_cast<int>(trick.size());
  for (int i = 0; i < p.trick_len; ++i) p.trick[i] = checked_card(trick[static_cast<std::size_t>(i)]);
  p.leader = checked_seat(leader, "leader");
  p.contract = checked_contract(mode, trump);
  p.rules = rules;
  check_position(p);
  return p;
}

SolveResult run(PySolver& s, const Position& p, bool all_moves) {
  py::gil_scoped_release release;
  std::lock_guard<std::mutex> lock(s.mutex);
  return s.solver.solve(p, all_moves);
}

// The module-level functions share one solver per Python thread.
PySolver& module_solver(bool use_tt) {
  static thread_local PySolver with_tt(Solver::kDefaultTableBits), without_tt(4);
  without_tt.solver.set_use_tt(false);
  return use_tt ? with_tt : without_tt;
}

// f(solver) on the calling Python thread's solver, the GIL released.
template <class F>
auto on_module_solver(bool use_tt, F f) {
  PySolver& s = module_solver(use_tt);
  py::gil_scoped_release release;
  std::lock_guard<std::mutex> lock(s.mutex);
  return f(s.solver);
}

// What a team's total counts at the buyers' check besides card abnat: projects and Baloot.
int extra_abnat(const ScoreInput& in, int team) { return in.projects[team] + in.baloot[team] * kBalootAbnat; }

// The deals of a table batch from an (n, 4) array of hand masks and n leaders, each checked.
std::vector<TableDeal> table_deals(const py::array& hands, const py::array& leaders) {
  const auto masks = py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast>::ensure(hands);
  const auto seats = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(leaders);
  if (!masks || masks.ndim() != 2 || masks.shape(1) != kNumSeats)
    throw RuleError("hands must be an (n, 4) array of hand masks, one row per deal");
  const std::int64_t n = masks.shape(0);
  if (!seats || seats.ndim() != 1 || seats.shape(0) != n)
    throw RuleError("leaders must hold one seat per deal (" + std::to_string(n) + ")");
  std::vector<TableDeal> deals(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) {
    TableDeal& deal = deals[static_cast<std::size_t>(i)];
    const std::string which = "deal " + std::to_string(i) + ": ";
    try {
      for (int seat = 0; seat < kNumSeats; ++seat) deal.hands[seat] = checked_hand(masks.at(i, seat));
      const std::int64_t leader = seats.at(i);
      if (leader < 0 || leader >= kNumSeats) throw RuleError("leader " + std::to_string(leader) + " is not a seat 0..3");
      deal.leader = static_cast<int>(leader);
    } catch (const RuleError& e) {
      throw RuleError(which + e.what());
    }
    check_table_deal(deal, i);
  }
  return deals;
}

}  // namespace

void bind_solver(py::module_& m) {
  py::class_<PySolver>(m, "Solver", "A double-dummy solver with its own transposition table (2^(tt_bits - 2) buckets of 3 entries).")
      .def(py::init<int>(), py::arg("tt_bits") = Solver::kDefaultTableBits)
      .def_property(
          "use_tt", [](const PySolver& s) { return s.solver.use_tt(); },
          [](PySolver& s, bool on) { s.solver.set_use_tt(on); })
      .def_property(
          "use_bounds", [](const PySolver& s) { return s.solver.use_bounds(); },
          [](PySolver& s, bool on) { s.solver.set_use_bounds(on); })
      .def("clear", [](PySolver& s) { s.solver.clear(); })
      .def(
          "solve", [](PySolver& s, const HandState& state, bool all_moves) { return solution(run(s, position_of(state), all_moves)); },
          py::arg("state"), py::arg("all_moves") = true)
      .def(
          "solve_position",
          [](PySolver& s, const std::vector<std::uint64_t>& hands, const std::vector<int>& trick, int leader, int mode,
             int trump, const Rules& rules, bool all_moves) {
            return solution(run(s, checked_position(hands, trick, leader, mode, trump, rules), all_moves));
          },
          py::arg("hands"), py::arg("trick"), py::arg("leader"), py::arg("mode"), py::arg("trump"), py::arg("rules"),
          py::arg("all_moves") = true);

  m.def(
      "solve",
      [](const HandState& state, bool all_moves, bool use_tt) {
        return solution(run(module_solver(use_tt), position_of(state), all_moves));
      },
      py::arg("state"), py::arg("all_moves") = true, py::arg("use_tt") = true,
      "Double-dummy solution of a hand in its playing phase: value (abnat per team from here), mover, legal and "
      "best (card masks), moves ({card: abnat of the mover's team}), nodes.");
  m.def(
      "solve_position",
      [](const std::vector<std::uint64_t>& hands, const std::vector<int>& trick, int leader, int mode, int trump,
         const Rules& rules, bool all_moves, bool use_tt) {
        return solution(run(module_solver(use_tt), checked_position(hands, trick, leader, mode, trump, rules), all_moves));
      },
      py::arg("hands"), py::arg("trick"), py::arg("leader"), py::arg("mode"), py::arg("trump"), py::arg("rules"),
      py::arg("all_moves") = true, py::arg("use_tt") = true,
      "Like solve, for four hand masks (seat order), the cards on the table (from the leader) and a contract.");

  m.def(
      "dd_tables",
      [](const py::array& hands, const py::array& leaders, unsigned contracts, const Rules& rules, int threads,
         py::object progress, int resolution) {
        if (resolution < 0 || resolution > 2)
          throw RuleError("resolution must be 0 (abnat), 1 (points) or 2 (make), got " + std::to_string(resolution));
        if (contracts == 0 || contracts >= 1u << kNumContracts)
          throw RuleError("contracts must be a non-empty set of the 5 columns, got mask " + std::to_string(contracts));
        const std::vector<TableDeal> deals = table_deals(hands, leaders);
        const auto n = static_cast<std::int64_t>(deals.size());
        py::array_t<std::int16_t> out({static_cast<py::ssize_t>(n), static_cast<py::ssize_t>(kNumContracts)});
        std::int16_t* const table = out.mutable_data();
        const auto [completed, interrupted] = run_polled(
            [&](std::atomic<std::int64_t>& done, const std::atomic<bool>& stop) {
              dd_tables(deals.data(), n, contracts, rules, static_cast<Resolution>(resolution), std::max(1, threads), table, done,
                        stop);
              return done.load();
            },
            progress, 0.1);
        if (interrupted) {
          PyErr_SetNone(PyExc_KeyboardInterrupt);
          throw py::error_already_set();
        }
        (void)completed;
        return out;
      },
      py::arg("hands"), py::arg("leaders"), py::arg("contracts"), py::arg("rules"), py::arg("threads") = 1,
      py::arg("progress") = py::none(), py::arg("resolution") = 0,
      "Team 0's abnat from each deal's first lead under each contract (Sun, Hokum S H D C): an (n, 5) int16 "
      "array, -1 in the columns not asked for; the GIL released, deals split over threads. resolution 1: an "
      "abnat with the exact value's game points and leading team; 2: one on the exact value's side of half.");

  m.def(
      "solve_target",
      [](const HandState& state, int target, bool use_tt) {
        const Position p = position_of(state);
        return on_module_solver(use_tt, [&](Solver& solver) { return solver.reaches(p, team_of(p.to_move()), target); });
      },
      py::arg("state"), py::arg("target"), py::arg("use_tt") = true,
      "Whether the team of the seat to move takes at least `target` abnat from here under best play (one probe).");
  m.def(
      "solve_makes",
      [](const HandState& state, bool use_tt) {
        const Position p = position_of(state);
        const ScoreInput in = state.score_input();
        const int buyers = in.buyers, defenders = 1 - buyers;
        // The buyers make it when their card abnat, projects and Baloot beat the defenders': when they take
        // at least `need` of the abnat still to win.
        const int gap = in.abnat[defenders] + extra_abnat(in, defenders) - (in.abnat[buyers] + extra_abnat(in, buyers));
        const int margin = gap + abnat_to_win(p);
        const int need = margin < 0 ? 0 : margin / 2 + 1;
        return on_module_solver(use_tt, [&](Solver& solver) { return solver.reaches(p, buyers, need); });
      },
      py::arg("state"), py::arg("use_tt") = true,
      "Whether the buyers' card abnat (taken so far plus best play from here), projects and Baloot beat the "
      "defenders' (the buyers' check; one probe).");
  m.def(
      "solve_points",
      [](const HandState& state, bool use_tt) {
        const Position p = position_of(state);
        const ScoreInput in = state.score_input();
        const int won[2] = {in.abnat[0], in.abnat[1]};
        const int extra[2] = {extra_abnat(in, 0), extra_abnat(in, 1)};
        const PointsValue v = on_module_solver(use_tt, [&](Solver& solver) { return solver.points(p, won, extra); });
        return py::make_tuple(py::make_tuple(v.points[0], v.points[1]), v.ahead, py::make_tuple(v.range.lo, v.range.hi));
      },
      py::arg("state"), py::arg("use_tt") = true,
      "((team 0's, team 1's game points of the card abnat taken so far plus best play from here), the team "
      "ahead in card abnat plus projects and Baloot (the buyers' check) or -1, (lo, hi): team 0's abnat from here "
      "lies in [lo, hi]).");
  m.def(
      "time_solver",
      [](int n, std::uint64_t seed, bool all_moves, int mode, const std::string& query) {
        if (n < 1) throw RuleError("n must be positive, got " + std::to_string(n));
        if (mode < -1 || mode > 1) throw RuleError("mode must be -1 (both), 0 (sun) or 1 (hokum)");
        const char* const queries[] = {"solve", "value", "make", "points"};
        const auto known = std::find(std::begin(queries), std::end(queries), query);
        if (known == std::end(queries)) throw RuleError("query must be solve, value, make or points, got " + query);
        const auto kind = static_cast<SolverQuery>(known - std::begin(queries));
        SolverTiming t;
        {
          py::gil_scoped_release release;
          t = time_solver(n, seed, all_moves, mode, kind);
        }
        py::dict out;
        out["solves"] = t.solves;
        out["seconds"] = t.seconds;
        out["solves_per_second"] = t.solves_per_second;
        out["median_us"] = t.median_us;
        out["p99_us"] = t.p99_us;
        out["max_us"] = t.max_us;
        out["mean_nodes"] = t.mean_nodes;
        return out;
      },
      py::arg("n"), py::arg("seed") = 0, py::arg("all_moves") = false, py::arg("mode") = -1, py::arg("query") = "solve",
      "Solve n random full deals from the first lead on one thread, timed in C++. query: solve (value and best "
      "cards, or every first card's value with all_moves), value, make (the leader's team takes more than half: "
      "one probe) or points (game-point resolution).");

  m.def(
      "hidden_cards",
      [](const HandState& state) {
        if (state.phase() != Phase::kPlaying) throw RuleError("the hand is not in its playing phase");
        const HiddenCards h = hidden_cards(SeatView(state));
        return py::make_tuple(h.unseen, std::vector<Hand>(h.allowed, h.allowed + kNumSeats),
                              std::vector<int>(h.count, h.count + kNumSeats));
      },
      py::arg("state"), "(unseen, allowed per seat, cards per seat) as the seat to move knows them.");
  m.def(
      "hidden_deal",
      [](const HandState& state, std::uint64_t seed) {
        if (state.phase() != Phase::kPlaying) throw RuleError("the hand is not in its playing phase");
        const SeatView view(state);
        const HiddenDealer dealer(hidden_cards(view));
        Rng rng(seed);
        Hand hands[kNumSeats];
        dealer.deal(rng, hands);
        return py::make_tuple(std::vector<Hand>(hands, hands + kNumSeats), dealer.consistent());
      },
      py::arg("state"), py::arg("seed") = 0, "One deal of the hidden cards as the pimc player draws it.");
}

}  // namespace baloot
