// Bindings of the match rules and of whole matches in C++ threads, polled for progress and Ctrl-C.
#include "engine/match.hpp"
#include "engine/match_equity.hpp"
#include "bindings/bindings.hpp"

namespace py = pybind11;

namespace baloot {

namespace {

const char* const kMatchEnds[] = {"going_on", "gahwa", "target", "tie_to_buyers"};

py::object end_name(MatchEnd end) { return py::str(kMatchEnds[static_cast<int>(end)]); }

py::dict match_summary_dict(const MatchSummary& s) {
  py::dict d;
  d["matches"] = s.matches;
  d["wins"] = std::vector<std::int64_t>(s.wins, s.wins + 2);
  d["hands"] = s.hands;
  d["hands_sq"] = s.hands_sq;
  py::dict ends;
  for (int i = 1; i < 4; ++i) ends[kMatchEnds[i]] = s.ends[i];
  d["ends"] = ends;
  return d;
}

MatchConfig match_config(std::uint64_t seed, const Rules& rules, std::pair<int, int> scores, int dealer,
                         const SeatPlayers& seats) {
  if (seats.any_python()) throw RuleError("matches in the core need built-in players, not Python callables");
  MatchConfig config;
  config.seed = seed;
  config.rules = rules;
  config.scores[0] = scores.first;
  config.scores[1] = scores.second;
  config.dealer = checked_seat(dealer, "dealer");
  check_match_start(rules, config.scores);
  for (int seat = 0; seat < kNumSeats; ++seat) config.players[seat] = seats[seat];
  return config;
}

}  // namespace

void bind_match(py::module_& m) {
  m.attr("match_ends") = py::make_tuple(kMatchEnds[0], kMatchEnds[1], kMatchEnds[2], kMatchEnds[3]);
  m.def(
      "check_match_start",
      [](const Rules& rules, std::pair<int, int> scores) {
        const int start[2] = {scores.first, scores.second};
        check_match_start(rules, start);
      },
      py::arg("rules"), py::arg("scores"));
  m.def(
      "match_after_hand",
      [](const Rules& rules, std::pair<int, int> before, bool thrown_in, std::pair<int, int> points, bool gahwa,
         int buyers, bool made) {
        const int scores[2] = {before.first, before.second};
        MatchHand hand;
        hand.thrown_in = thrown_in;
        hand.points[0] = points.first;
        hand.points[1] = points.second;
        hand.gahwa = gahwa;
        hand.buyers = buyers;
        hand.made = made;
        const MatchStep step = after_hand(rules, scores, hand);
        return py::make_tuple(py::make_tuple(step.scores[0], step.scores[1]),
                              step.winner < 0 ? py::object(py::none()) : py::object(py::int_(step.winner)),
                              end_name(step.end));
      },
      py::arg("rules"), py::arg("scores"), py::arg("thrown_in"), py::arg("points"), py::arg("gahwa"), py::arg("buyers"),
      py::arg("made"));
  m.def(
      "match_trace",
      [](std::int64_t index, std::uint64_t seed, const Rules& rules, std::pair<int, int> scores, int dealer,
         const py::list& players) {
        const SeatPlayers seats(players);
        const MatchConfig config = match_config(seed, rules, scores, dealer, seats);
        const TablePlayers table(config.players);
        std::vector<MatchHandRow> trace;
        std::int64_t hands = 0;
        MatchStep last;
        {
          py::gil_scoped_release release;
          last = play_match(config, table, index, hands, &trace);
        }
        py::list rows;
        for (const MatchHandRow& r : trace)
          rows.append(py::make_tuple(r.seed, r.dealer, py::make_tuple(r.scores[0], r.scores[1]), r.hand.thrown_in,
                                     py::make_tuple(r.hand.points[0], r.hand.points[1]), r.hand.gahwa, r.hand.buyers,
                                     r.hand.made));
        return py::make_tuple(rows, py::make_tuple(last.scores[0], last.scores[1]), last.winner, end_name(last.end));
      },
      py::arg("index"), py::arg("seed"), py::arg("rules"), py::arg("scores"), py::arg("dealer"), py::arg("players"));
  m.def(
      "simulate_matches",
      [](std::int64_t first, std::int64_t count, std::uint64_t seed, int threads, const Rules& rules,
         std::pair<int, int> scores, int dealer, const py::list& players, const py::dict& arrays, py::object progress,
         double poll_seconds, py::object finished_array) {
        if (first < 0 || count < 0) throw RuleError("matches and start must be non-negative");
        const SeatPlayers seats(players);
        MatchConfig config = match_config(seed, rules, scores, dealer, seats);
        config.first = first;
        config.count = count;
        config.threads = threads;
        MatchArrays out;
        out.winner = column<std::int8_t>(arrays, "winner", count, 1);
        out.scores = column<std::int32_t>(arrays, "scores", count, 2);
        out.hands = column<std::int32_t>(arrays, "hands", count, 1);
        out.end = column<std::int8_t>(arrays, "end", count, 1);
        std::uint8_t* finished = nullptr;
        if (!finished_array.is_none()) finished = output_array<std::uint8_t>(finished_array, "finished", count, 1);
        MatchSummary summary;
        const auto [played, interrupted] = run_polled(
            [&](std::atomic<std::int64_t>& done, const std::atomic<bool>& stop) {
              return simulate_matches(config, out, &summary, done, stop, finished);
            },
            progress, poll_seconds);
        return py::make_tuple(match_summary_dict(summary), played, interrupted);
      },
      py::arg("first"), py::arg("count"), py::arg("seed"), py::arg("threads"), py::arg("rules"), py::arg("scores"),
      py::arg("dealer"), py::arg("players"), py::arg("arrays"), py::arg("progress") = py::none(),
      py::arg("poll_seconds") = 0.1, py::arg("finished") = py::none());
  m.def(
      "score_classes",
      [](const Rules& rules, const py::list& players) {
        const SeatPlayers seats(players);
        const Policy* chosen[kNumSeats];
        for (int seat = 0; seat < kNumSeats; ++seat) chosen[seat] = seats[seat];
        const ScoreClasses classes = score_classes(rules, chosen);
        return py::make_tuple(py::array_t<int>(static_cast<py::ssize_t>(classes.of.size()), classes.of.data()),
                              classes.at);
      },
      py::arg("rules"), py::arg("players"));
  m.def(
      "match_equity",
      [](const Rules& rules, const py::list& players, std::int64_t hands, int batches, std::uint64_t seed, int threads,
         bool same_players, py::object progress, double poll_seconds) -> py::object {
        if (batches < 2 || hands < batches)
          throw RuleError("match equity needs 2 batches or more and at least as many hands per class as batches, "
                          "not " + std::to_string(batches) + " batches of " + std::to_string(hands) + " hands");
        const SeatPlayers seats(players);
        EquityConfig config;
        config.rules = rules;
        config.hands = hands;
        config.batches = batches;
        config.seed = seed;
        config.threads = threads;
        config.same_players = same_players;
        for (int seat = 0; seat < kNumSeats; ++seat) config.players[seat] = seats[seat];
        const ScoreClasses classes = score_classes(rules, config.players);
        Outcomes outcomes;
        const auto polled = run_polled(
            [&](std::atomic<std::int64_t>& done, const std::atomic<bool>& stop) {
              return static_cast<std::int64_t>(simulate_outcomes(config, classes, outcomes, done, stop));
            },
            progress, poll_seconds);
        if (polled.second || polled.first == 0) return py::none();  // interrupted
        Equity equity;
        {
          py::gil_scoped_release release;
          equity = match_equity(config, classes, outcomes);
        }
        py::dict d;
        d["win"] = py::array_t<double>(static_cast<py::ssize_t>(equity.win.size()), equity.win.data());
        d["error"] = py::array_t<double>(static_cast<py::ssize_t>(equity.error.size()), equity.error.data());
        d["classes"] = py::array_t<int>(static_cast<py::ssize_t>(classes.of.size()), classes.of.data());
        d["tie_top"] = classes.tie_top;
        d["hands"] = hands * static_cast<std::int64_t>(classes.at.size()) * kNumSeats;
        return d;
      },
      py::arg("rules"), py::arg("players"), py::arg("hands"), py::arg("batches"), py::arg("seed"), py::arg("threads"),
      py::arg("same_players"), py::arg("progress") = py::none(), py::arg("poll_seconds") = 0.1);
}

}  // namespace baloot
