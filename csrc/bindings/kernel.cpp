// Bindings of the pure rules: legal moves, trick winner, projects, scoring, Rules.
#include "kernel/projects.hpp"
#include "kernel/scoring.hpp"
#include "bindings/bindings.hpp"

namespace py = pybind11;

namespace baloot {

namespace {

int checked_trick(const std::vector<int>& cards, int max_len, Card (&trick)[kNumSeats]) {
  if (static_cast<int>(cards.size()) > max_len)
    throw RuleError("a trick of " + std::to_string(cards.size()) + " cards; at most " + std::to_string(max_len) + " here");
  for (std::size_t i = 0; i < cards.size(); ++i) trick[i] = checked_card(cards[i]);
  return static_cast<int>(cards.size());
}

py::tuple project_tuple(const Project& p) {
  return py::make_tuple(static_cast<int>(p.kind), p.is_run, p.top_rank, p.length, p.cards, p.abnat());
}

}  // namespace

py::list project_list(const ProjectSet& set) {
  py::list out;
  for (int i = 0; i < set.count; ++i) out.append(project_tuple(set.items[i]));
  return out;
}

void bind_kernel(py::module_& m) {
  py::enum_<KabootBonus>(m, "KabootBonus")
      .value("normal", KabootBonus::kNormal)
      .value("double", KabootBonus::kDouble)
      .value("off", KabootBonus::kOff);
  // The house variants' choices, numbered as baloot.rules lists them.
  py::enum_<GahwaScore>(m, "GahwaScore").value("match", GahwaScore::kMatch).value("flat_152", GahwaScore::kFlat152);
  py::enum_<TieRule>(m, "TieRule")
      .value("khasra", TieRule::kKhasra)
      .value("split", TieRule::kSplit)
      .value("split_sun", TieRule::kSplitSun);
  py::enum_<DoubledTie>(m, "DoubledTie").value("buyers", DoubledTie::kBuyers).value("last_raiser", DoubledTie::kLastRaiser);
  py::enum_<ReverseKaboot>(m, "ReverseKaboot").value("same", ReverseKaboot::kSame).value("sun_88", ReverseKaboot::kSun88);
  py::enum_<Round2Sun>(m, "Round2Sun")
      .value("anyone", Round2Sun::kAnyone)
      .value("ace_after_dealer", Round2Sun::kAceAfterDealer);
  py::enum_<SunDoubleAt100>(m, "SunDoubleAt100")
      .value("neither", SunDoubleAt100::kNeither)
      .value("buyers", SunDoubleAt100::kBuyers)
      .value("defenders", SunDoubleAt100::kDefenders)
      .value("both", SunDoubleAt100::kBoth);
  py::enum_<PriorityTo>(m, "PriorityTo").value("earlier", PriorityTo::kEarlier).value("hokum_caller", PriorityTo::kHokumCaller);
  py::enum_<TargetTie>(m, "TargetTie").value("buyers", TargetTie::kBuyers).value("another_hand", TargetTie::kAnotherHand);

  py::class_<Rules>(m, "Rules")
      .def(py::init<>())
      .def_readwrite("ashkal", &Rules::ashkal)
      .def_readwrite("sun_priority", &Rules::sun_priority)
      .def_readwrite("must_overtrump", &Rules::must_overtrump)
      .def_readwrite("trump_over_partner", &Rules::trump_over_partner)
      .def_readwrite("kaboot", &Rules::kaboot)
      .def_readwrite("target", &Rules::target)
      .def_readwrite("hokum_to_sun", &Rules::hokum_to_sun)
      .def_readwrite("sun_tens_first", &Rules::sun_tens_first)
      .def_readwrite("baloot_in_hundred", &Rules::baloot_in_hundred)
      .def_readwrite("closed_double", &Rules::closed_double)
      .def_readwrite("narrow_partner", &Rules::narrow_partner)
      .def_readwrite("gahwa", &Rules::gahwa)
      .def_readwrite("tie", &Rules::tie)
      .def_readwrite("doubled_tie", &Rules::doubled_tie)
      .def_readwrite("kaboot_multiplied", &Rules::kaboot_multiplied)
      .def_readwrite("reverse_kaboot", &Rules::reverse_kaboot)
      .def_readwrite("kaboot_projects", &Rules::kaboot_projects)
      .def_readwrite("sun_double_at_100", &Rules::sun_double_at_100)
      .def_readwrite("round2_sun", &Rules::round2_sun)
      .def_readwrite("priority_to", &Rules::priority_to)
      .def_readwrite("double_after_deal", &Rules::double_after_deal)
      .def_readwrite("target_tie", &Rules::target_tie)
      .def_readwrite("kawesh", &Rules::kawesh);

  m.def(
      "legal_moves",
      [](std::uint64_t hand, const std::vector<int>& trick_cards, int mode, int trump, const Rules& rules,
         std::uint64_t played, bool closed) {
        Card trick[kNumSeats];
        const int n = checked_trick(trick_cards, kNumSeats - 1, trick);
        const Contract contract = checked_contract(mode, trump);
        Hand seen = checked_hand(played);
        for (int i = 0; i < n; ++i) seen |= bit(trick[i]);
        const int winner = n ? trick_winner(trick, n, contract) : 0;
        return legal_plays(checked_hand(hand), trick, n, winner, seen, closed, contract, rules);
      },
      py::arg("hand"), py::arg("trick"), py::arg("mode"), py::arg("trump"), py::arg("rules"), py::arg("played") = 0,
      py::arg("closed") = false, "`played`: the cards of the earlier tricks; `closed`: under a closed double.");

  m.def(
      "trick_winner",
      [](const std::vector<int>& trick_cards, int mode, int trump) {
        Card trick[kNumSeats];
        const int n = checked_trick(trick_cards, kNumSeats, trick);
        if (n == 0) throw RuleError("an empty trick has no winner");
        return trick_winner(trick, n, checked_contract(mode, trump));
      },
      py::arg("trick"), py::arg("mode"), py::arg("trump"));

  m.def(
      "best_projects", [](std::uint64_t hand, int mode) { return project_list(best_projects(checked_hand(hand), checked_mode(mode))); },
      py::arg("hand"), py::arg("mode"),
      "(kind, is_run, top_rank, length, cards mask, abnat) per project, best first.");

  m.def(
      "declare_projects",
      [](const std::vector<std::uint64_t>& hands, int mode, int first) {
        if (hands.size() != kNumSeats) throw RuleError("need four hands, got " + std::to_string(hands.size()));
        ProjectSet sets[kNumSeats];
        py::list by_seat;
        for (int seat = 0; seat < kNumSeats; ++seat) {
          sets[seat] = best_projects(checked_hand(hands[seat]), checked_mode(mode));
          by_seat.append(project_list(sets[seat]));
        }
        const ProjectOutcome outcome = compare_projects(sets, checked_seat(first, "first"));
        py::object team = outcome.team == kNoSeat ? py::object(py::none()) : py::object(py::int_(outcome.team));
        return py::make_tuple(by_seat, team, py::make_tuple(outcome.abnat[0], outcome.abnat[1]));
      },
      py::arg("hands"), py::arg("mode"), py::arg("first"));

  m.def(
      "game_points", [](int abnat, int mode, bool tens_first) { return game_points(abnat, checked_mode(mode), tens_first); },
      py::arg("abnat"), py::arg("mode"), py::arg("tens_first") = false);

  m.def(
      "score_hand",
      [](int mode, int buyers, std::pair<int, int> abnat, std::pair<int, int> tricks, std::pair<int, int> projects,
         std::pair<int, int> baloot, int multiplier, const Rules& rules, bool gahwa) {
        ScoreInput in;
        in.mode = checked_mode(mode);
        in.buyers = buyers;
        in.abnat[0] = abnat.first, in.abnat[1] = abnat.second;
        in.tricks[0] = tricks.first, in.tricks[1] = tricks.second;
        in.projects[0] = projects.first, in.projects[1] = projects.second;
        in.baloot[0] = baloot.first, in.baloot[1] = baloot.second;
        in.multiplier = multiplier;
        in.gahwa = gahwa;
        check_score_input(in);
        const HandScore out = score_hand(in, rules);
        py::object kaboot = out.kaboot == kNoSeat ? py::object(py::none()) : py::object(py::int_(out.kaboot));
        return py::make_tuple(py::make_tuple(out.points[0], out.points[1]), out.made, kaboot);
      },
      py::arg("mode"), py::arg("buyers"), py::arg("abnat"), py::arg("tricks"), py::arg("projects"), py::arg("baloot"),
      py::arg("multiplier"), py::arg("rules"), py::arg("gahwa") = false);
}

}  // namespace baloot
