// Every host option declared once: its name, kind, default, choices, ruling and one line of help. The
// Python Rules class, its checks, the command line's --rule help and the docs' table are all read from
// rule_options(); adding an option is a field of Rules plus one line in rule_options.cpp.
#pragma once

#include <string>
#include <vector>

#include "kernel/rules.hpp"

namespace baloot {

enum class RuleKind : std::uint8_t { kBool, kInt, kChoice };

struct RuleOption {
  const char* name;
  RuleKind kind;
  // kChoice: the values as written, the seed's first; the core's enum numbers them in this order.
  std::vector<std::string> choices;
  int low = 0, high = 1;  // the allowed values (a choice's index, a bool's 0 or 1)
  const char* ruling;     // the rulings of docs/rules.md it changes, e.g. "R18, R19"
  const char* help;       // what the values other than the default do
  // The option's field of Rules as an int (a bool 0 or 1, a choice its index); null for the options the
  // core never reads (how a table is drawn), whose default is `shown_default`.
  int (*get)(const Rules&) = nullptr;
  void (*set)(Rules&, int) = nullptr;
  int shown_default = 0;

  bool in_core() const { return get != nullptr; }
  int default_value() const { return get ? get(Rules{}) : shown_default; }
};

// Every option, in the order the docs list them.
const std::vector<RuleOption>& rule_options();

// The option called `name`; RuleError listing the known ones when there is none.
const RuleOption& rule_option(const std::string& name);

// Sets `option` in `rules` to `value` (a bool 0 or 1, an int, a choice's index); RuleError naming the option
// and its allowed values when `value` is outside them. Options the core never reads are checked, not stored.
void set_rule(Rules& rules, const RuleOption& option, int value);

}  // namespace baloot
