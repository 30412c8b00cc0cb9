#include "players/policy.hpp"

#include <cmath>

#include "players/expert.hpp"
#include "players/heuristic.hpp"
#include "players/neural.hpp"
#include "players/rollout_player.hpp"
#include "players/search_players.hpp"
#include "players/strong.hpp"

namespace baloot {

namespace {

void reject_options(const std::string& name, const PolicyOptions& options) {
  if (!options.empty()) throw RuleError("player " + name + " takes no option, got " + options.begin()->first);
}

// A whole-number option of player `name` in lo..hi, else RuleError naming it and the value.
int whole_option(const std::string& name, const std::string& key, double value, int lo, int hi) {
  if (!(value >= lo && value <= hi) || value != std::floor(value))
    throw RuleError(name + " " + key + " must be a whole number " + std::to_string(lo) + ".." + std::to_string(hi) +
                    ", got " + std::to_string(value));
  return static_cast<int>(value);
}

}  // namespace

std::shared_ptr<const Policy> make_policy(const std::string& name, const PolicyOptions& options) {
  if (name == "random") {
    reject_options(name, options);
    return std::make_shared<RandomPolicy>();
  }
  if (name == "heuristic") return make_heuristic_policy(options);
  if (name == "expert") return make_expert_policy(options);
  if (name == "strong") return make_strong_policy(options);
  if (name == "neural") return make_neural_policy(options);
  if (name == "dd") {
    reject_options(name, options);
    return std::make_shared<DoubleDummyPolicy>();
  }
  if (name == "pimc") {
    PimcOptions pimc;
    for (const auto& [key, value] : options) {
      if (key == "samples") {
        pimc.samples = whole_option(name, key, value, 1, 100000);
      } else if (key == "tries") {
        pimc.tries = whole_option(name, key, value, 1, 1000);
      } else if (key == "points") {
        if (value != 0 && value != 1) throw RuleError("pimc points must be 0 or 1, got " + std::to_string(value));
        pimc.points = value == 1;
      } else {
        throw RuleError("player pimc takes the options samples, tries and points, got " + key);
      }
    }
    return std::make_shared<PimcPolicy>(pimc);
  }
  if (name == "rollout") {
    RolloutOptions rollout;
    for (const auto& [key, value] : options) {
      if (key == "worlds") {
        rollout.worlds = whole_option(name, key, value, 1, 100000);
      } else if (key == "tries") {
        rollout.tries = whole_option(name, key, value, 1, 1000);
      } else if (key == "call_worlds") {
        rollout.call_worlds = whole_option(name, key, value, 0, 100000);
      } else if (key == "calls") {
        rollout.calls = whole_option(name, key, value, 0, kNumCards);
      } else if (key == "race") {
        if (!(value >= 0 && value <= 100)) throw RuleError("rollout race must be 0..100, got " + std::to_string(value));
        rollout.race = value;
      } else {
        throw RuleError("player rollout takes the options worlds, tries, call_worlds, calls and race, got " + key);
      }
    }
    return std::make_shared<RolloutPolicy>(rollout);
  }
  throw RuleError("unknown player " + name);
}

}  // namespace baloot
