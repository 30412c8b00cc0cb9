#include "policy.hpp"

#include <cmath>

#include "expert.hpp"
#include "heuristic.hpp"
#include "search_players.hpp"
#include "strong.hpp"

namespace baloot {

namespace {

void reject_options(const std::string& name, const PolicyOptions& options) {
  if (!options.empty()) throw RuleError("player " + name + " takes no option, got " + options.begin()->first);
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
  if (name == "dd") {
    reject_options(name, options);
    return std::make_shared<DoubleDummyPolicy>();
  }
  if (name == "pimc") {
    PimcOptions pimc;
    for (const auto& [key, value] : options) {
      if (key == "samples") {
        if (!(value >= 1 && value <= 100000) || value != std::floor(value))
          throw RuleError("pimc samples must be a whole number 1..100000, got " + std::to_string(value));
        pimc.samples = static_cast<int>(value);
      } else if (key == "tries") {
        if (!(value >= 1 && value <= 1000) || value != std::floor(value))
          throw RuleError("pimc tries must be a whole number 1..1000, got " + std::to_string(value));
        pimc.tries = static_cast<int>(value);
      } else if (key == "points") {
        if (value != 0 && value != 1) throw RuleError("pimc points must be 0 or 1, got " + std::to_string(value));
        pimc.points = value == 1;
      } else {
        throw RuleError("player pimc takes the options samples, tries and points, got " + key);
      }
    }
    return std::make_shared<PimcPolicy>(pimc);
  }
  throw RuleError("unknown player " + name);
}

}  // namespace baloot
