// Rules by option name, from the core's one table of options (kernel/rule_options.hpp).
#include <string>

#include "capi/capi.hpp"
#include "kernel/rule_options.hpp"

namespace baloot::capi {

namespace {

// `text` as the option's int value (a bool 0 or 1, an int, a choice's index), as `--rule name=text` reads it;
// set_rule checks the range.
int value_of(const RuleOption& option, const std::string& text) {
  const std::string value = lowered(text);
  switch (option.kind) {
    case RuleKind::kBool:
      if (value == "1" || value == "true" || value == "yes" || value == "on") return 1;
      if (value == "0" || value == "false" || value == "no" || value == "off") return 0;
      throw RuleError("rule " + std::string(option.name) + "='" + text + "' must be true or false");
    case RuleKind::kInt: {
      std::size_t used = 0;
      long long number = 0;
      try {
        number = std::stoll(value, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (used == 0 || used != value.size() || number < option.low || number > option.high)
        throw RuleError("rule " + std::string(option.name) + "='" + text + "' must be an integer from " +
                        std::to_string(option.low) + " to " + std::to_string(option.high));
      return static_cast<int>(number);
    }
    case RuleKind::kChoice:
      break;
  }
  for (std::size_t i = 0; i < option.choices.size(); ++i)
    if (option.choices[i] == value) return static_cast<int>(i);
  std::string choices;
  for (const std::string& choice : option.choices) choices += (choices.empty() ? "" : ", ") + choice;
  throw RuleError("rule " + std::string(option.name) + "='" + text + "' must be one of " + choices);
}

std::string text_of(const RuleOption& option, int value) {
  switch (option.kind) {
    case RuleKind::kBool:
      return value ? "true" : "false";
    case RuleKind::kInt:
      return std::to_string(value);
    case RuleKind::kChoice:
      break;
  }
  return option.choices[static_cast<std::size_t>(value)];
}

}  // namespace

}  // namespace baloot::capi

using namespace baloot;
using namespace baloot::capi;

extern "C" {

baloot_status baloot_rules_new(baloot_rules** out) {
  return guard([&] { *need(out, "out") = new baloot_rules{}; });
}

void baloot_rules_free(baloot_rules* rules) { delete rules; }

baloot_status baloot_rules_set(baloot_rules* rules, const char* name, const char* value) {
  return guard([&] {
    need(rules, "rules");
    const RuleOption& option = rule_option(need(name, "name"));
    set_rule(rules->rules, option, value_of(option, need(value, "value")));
  });
}

baloot_status baloot_rules_get(const baloot_rules* rules, const char* name, char* out, size_t size) {
  return guard([&] {
    const RuleOption& option = rule_option(need(name, "name"));
    if (!option.in_core())
      throw RuleError("rule " + std::string(name) + " only changes how a game is shown: the core does not keep it");
    write_text(text_of(option, option.get(rules_of(rules))), out, size);
  });
}

int baloot_rule_count(void) { return static_cast<int>(rule_options().size()); }

baloot_status baloot_rule_name(int index, const char** name) {
  return guard([&] {
    if (index < 0 || index >= baloot_rule_count())
      throw RuleError("rule index " + std::to_string(index) + " is not 0.." + std::to_string(baloot_rule_count() - 1));
    *need(name, "name") = rule_options()[static_cast<std::size_t>(index)].name;
  });
}

}  // extern "C"
