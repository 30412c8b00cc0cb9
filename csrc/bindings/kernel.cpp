// Bindings of the pure rules: legal moves, trick winner, projects, scoring, Rules.
#include "kernel/projects.hpp"
#include "kernel/rule_options.hpp"
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

// A Python value of `option` as the core's int: a bool, an int in range, or a choice by its name.
int rule_value(const RuleOption& option, const py::handle& value) {
  const std::string shown = py::repr(value).cast<std::string>();
  const bool is_bool = py::isinstance<py::bool_>(value);
  switch (option.kind) {
    case RuleKind::kBool:
      if (!is_bool) throw RuleError(std::string(option.name) + " " + shown + " must be true or false");
      return value.cast<bool>();
    case RuleKind::kInt:
      if (is_bool || !py::isinstance<py::int_>(value) || value.cast<long long>() < option.low ||
          value.cast<long long>() > option.high)
        throw RuleError(std::string(option.name) + " " + shown + " must be an integer from " +
                        std::to_string(option.low) + " to " + std::to_string(option.high));
      return value.cast<int>();
    case RuleKind::kChoice:
      break;
  }
  std::string values;
  for (std::size_t i = 0; i < option.choices.size(); ++i) {
    if (py::isinstance<py::str>(value) && value.cast<std::string>() == option.choices[i]) return static_cast<int>(i);
    values += (i ? ", " : "") + option.choices[i];
  }
  throw RuleError(std::string(option.name) + " " + shown + " must be one of " + values);
}

// The core's int of `option` as the Python value rule_value reads.
py::object rule_object(const RuleOption& option, int value) {
  switch (option.kind) {
    case RuleKind::kBool:
      return py::bool_(value != 0);
    case RuleKind::kInt:
      return py::int_(value);
    case RuleKind::kChoice:
      break;
  }
  return py::str(option.choices[static_cast<std::size_t>(value)]);
}

const char* kind_name(RuleKind kind) {
  switch (kind) {
    case RuleKind::kBool:
      return "bool";
    case RuleKind::kInt:
      return "int";
    case RuleKind::kChoice:
      break;
  }
  return "choice";
}

// Rules, with one property per option of rule_options() that the core reads, and the table itself.
void bind_rules(py::module_& m) {
  py::class_<Rules> rules(m, "Rules", "The host options the core reads; keyword arguments as baloot.Rules's.");
  rules.def(py::init([](const py::kwargs& values) {
    Rules out;
    for (const auto& [name, value] : values) {
      const RuleOption& option = rule_option(name.cast<std::string>());
      set_rule(out, option, rule_value(option, value));
    }
    return out;
  }));
  py::list table;
  for (const RuleOption& option : rule_options()) {
    py::dict row;
    row["name"] = option.name;
    row["kind"] = kind_name(option.kind);
    row["default"] = rule_object(option, option.default_value());
    row["choices"] = py::tuple(py::cast(option.choices));
    row["low"] = option.low;
    row["high"] = option.high;
    row["ruling"] = option.ruling;
    row["help"] = option.help;
    row["core"] = option.in_core();
    table.append(row);
    if (!option.in_core()) continue;
    const RuleOption* held = &option;
    rules.def_property(
        option.name, [held](const Rules& r) { return rule_object(*held, held->get(r)); },
        [held](Rules& r, const py::object& value) { set_rule(r, *held, rule_value(*held, value)); });
  }
  m.attr("rule_options") = py::tuple(table);
}

}  // namespace

py::list project_list(const ProjectSet& set) {
  py::list out;
  for (int i = 0; i < set.count; ++i) out.append(project_tuple(set.items[i]));
  return out;
}

void bind_kernel(py::module_& m) {
  bind_rules(m);

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
