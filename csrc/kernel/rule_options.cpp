#include "kernel/rule_options.hpp"

#include <type_traits>

namespace baloot {

namespace {

// Match points (targets, scores): far below INT_MAX, so that a hand's points added in the core never overflow.
constexpr int kPointsMax = 1'000'000'000;

template <auto Member>
int get_field(const Rules& rules) {
  return static_cast<int>(rules.*Member);
}

template <auto Member>
void set_field(Rules& rules, int value) {
  using Field = std::remove_reference_t<decltype(rules.*Member)>;
  rules.*Member = static_cast<Field>(value);
}

template <auto Member>
RuleOption field(const char* name, RuleKind kind, std::vector<std::string> choices, int low, int high,
                 const char* ruling, const char* help) {
  return RuleOption{name, kind, std::move(choices), low, high, ruling, help, &get_field<Member>, &set_field<Member>};
}

template <auto Member>
RuleOption flag(const char* name, const char* ruling, const char* help) {
  return field<Member>(name, RuleKind::kBool, {}, 0, 1, ruling, help);
}

template <auto Member>
RuleOption choice(const char* name, std::vector<std::string> values, const char* ruling, const char* help) {
  const int last = static_cast<int>(values.size()) - 1;
  return field<Member>(name, RuleKind::kChoice, std::move(values), 0, last, ruling, help);
}

// An option of how the game is shown that no rule reads.
RuleOption shown(const char* name, RuleKind kind, std::vector<std::string> choices, int fallback, const char* ruling,
                 const char* help) {
  const int last = kind == RuleKind::kChoice ? static_cast<int>(choices.size()) - 1 : 1;
  return RuleOption{name, kind, std::move(choices), 0, last, ruling, help, nullptr, nullptr, fallback};
}

std::vector<RuleOption> declare_options() {
  using K = RuleKind;
  return {
      shown("direction", K::kChoice, {"counterclockwise", "clockwise"}, 0, "R1", "changes only how seats are drawn"),
      flag<&Rules::ashkal>("ashkal", "R10–R12", "nobody may call Ashkal"),
      flag<&Rules::sun_priority>("sun_priority", "R9, R14", "a Sun or Ashkal call stands at once"),
      flag<&Rules::must_overtrump>("must_overtrump", "R18, R19, R20",
                                   "no duty to beat a trump; the duty to trump when void stays"),
      flag<&Rules::trump_over_partner>("trump_over_partner", "R18, R19, R20",
                                       "trump and overtrump even when the partner is winning"),
      choice<&Rules::kaboot>("kaboot", {"normal", "double", "off"}, "R40",
                             "a kaboot is worth 88 Sun / 50 Hokum (double) or nothing more (off), not 44 / 25"),
      field<&Rules::target>("target", K::kInt, {}, 1, kPointsMax, "R41", "the match points to win, e.g. 101"),
      shown("arabic_labels", K::kBool, {}, 1, "H", "English only in displays"),
      flag<&Rules::hokum_to_sun>("hokum_to_sun", "R8", "an unchallenged Hokum caller may switch to Sun"),
      flag<&Rules::sun_tens_first>("sun_tens_first", "R34", "round Sun abnat to tens before halving"),
      flag<&Rules::baloot_in_hundred>("baloot_in_hundred", "R28", "no Baloot inside a scored Hundred or four K/Q"),
      flag<&Rules::closed_double>("closed_double", "R21", "`double:closed` / `four:closed` close a Hokum to trump leads"),
      flag<&Rules::narrow_partner>("narrow_partner", "R18", "the partner excuses a ruff only when sure to win"),
      choice<&Rules::gahwa>("gahwa", {"match", "152"}, "R33", "a flat 152 to the Gahwa's winner, the match goes on"),
      choice<&Rules::tie>("tie", {"khasra", "split", "split_sun"}, "R39",
                          "an undoubled exact tie scores as made (split_sun: in Sun only)"),
      choice<&Rules::doubled_tie>("doubled_tie", {"buyers", "last_raiser"}, "R32",
                                  "a doubled tie goes against the last to raise"),
      flag<&Rules::kaboot_multiplied>("kaboot_multiplied", "R40", "a kaboot is never multiplied"),
      choice<&Rules::reverse_kaboot>("reverse_kaboot", {"same", "88"}, "R40", "the defenders' kaboot in Sun is worth 88"),
      flag<&Rules::kaboot_projects>("kaboot_projects", "R40", "no projects on a kaboot"),
      choice<&Rules::sun_double_at_100>("sun_double_at_100", {"neither", "buyers", "defenders", "both"}, "R30",
                                        "exactly 100 counts for a Sun double on that side"),
      choice<&Rules::round2_sun>("round2_sun", {"anyone", "ace_after_dealer"}, "R13",
                                 "round-two Sun only for the player after the dealer, holding an ace"),
      choice<&Rules::priority_to>("priority_to", {"earlier", "hokum_caller"}, "R9",
                                  "only the Hokum caller is offered the Sun"),
      flag<&Rules::double_after_deal>("double_after_deal", "R29", "the doubling chain runs on the full hands"),
      choice<&Rules::target_tie>("target_tie", {"buyers", "another_hand"}, "R41", "equal totals past the target play on"),
      flag<&Rules::kawesh>("kawesh", "R16", "five cards of 7s to 10s may be redealt"),
  };
}

std::string known_names() {
  std::string names;
  for (const RuleOption& option : rule_options()) names += (names.empty() ? "" : ", ") + std::string(option.name);
  return names;
}

std::string allowed(const RuleOption& option) {
  switch (option.kind) {
    case RuleKind::kBool:
      return "true or false";
    case RuleKind::kInt:
      return "an integer from " + std::to_string(option.low) + " to " + std::to_string(option.high);
    case RuleKind::kChoice:
      break;
  }
  std::string values;
  for (const std::string& value : option.choices) values += (values.empty() ? "" : ", ") + value;
  return "one of " + values;
}

}  // namespace

const std::vector<RuleOption>& rule_options() {
  static const std::vector<RuleOption> options = declare_options();
  return options;
}

const RuleOption& rule_option(const std::string& name) {
  for (const RuleOption& option : rule_options())
    if (name == option.name) return option;
  throw RuleError("unknown rule " + name + ": known rules are " + known_names());
}

void set_rule(Rules& rules, const RuleOption& option, int value) {
  if (value < option.low || value > option.high)
    throw RuleError(std::string(option.name) + " " + std::to_string(value) + " must be " + allowed(option));
  if (option.set) option.set(rules, value);
}

}  // namespace baloot
