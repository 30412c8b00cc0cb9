// Every built-in player declared once: its name, options (with kinds, ranges and defaults), one line on what
// it does, how strong and how fast it is, and how to make it. make_policy, baloot.players(), the command
// line's --players help, the docs' player list and the generic player tests all read player_registry(); a
// new player is one entry here plus its Policy.
#pragma once

#include <string>
#include <vector>

#include "players/policy.hpp"

namespace baloot {

enum class OptionKind : std::uint8_t { kWhole, kReal, kFlag };

struct PlayerOption {
  std::string name;
  OptionKind kind;
  double fallback;    // the value when the option is not given
  double low, high;   // the allowed values (a flag's are 0 and 1)
  std::string help;
};

struct PlayerInfo {
  const char* name;
  const char* summary;   // what it does, one line
  const char* strength;  // against the player below it on the ladder (the registry's order)
  const char* speed;     // on the 2-core machine of docs/players.md, one thread unless it says otherwise
  bool search;           // searches deals at its decisions: thousands of times slower than the rule players
  bool fair;             // decides from what its seat sees alone (a SeatView), never from the hidden cards
  std::vector<PlayerOption> options;
  // The player from its options, every one present (checked_options fills in the defaults).
  std::shared_ptr<const Policy> (*make)(const PolicyOptions& options);
  // Instead of make, for a player of learned values: made from its options and the weights it owns.
  std::shared_ptr<const Policy> (*make_learned)(const PolicyOptions& options, LearnedWeights weights) = nullptr;
};

// The built-in players from the weakest to the strongest.
const std::vector<PlayerInfo>& player_registry();

// The players of the analyses and of review where none are named (every seat): the strongest at
// simulation speed.
constexpr const char* kDefaultAnalysisPlayer = "neural";

// The player called `name`; RuleError listing the known ones when there is none.
const PlayerInfo& player_info(const std::string& name);

// `given` checked against the player's options and completed with their defaults; RuleError naming a bad
// value and its range, or an unknown option and the known ones.
PolicyOptions checked_options(const PlayerInfo& player, const PolicyOptions& given);

}  // namespace baloot
