#include "policy.hpp"

#include <cmath>

#include "expert.hpp"
#include "heuristic.hpp"
#include "search_players.hpp"

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
  if (name == "dd") {
    reject_options(name, options);
    return std::make_shared<DoubleDummyPolicy>();
  }
  if (name == "pimc") {
    int samples = 20;
    for (const auto& [key, value] : options) {
      if (key != "samples") throw RuleError("player pimc takes the option samples, got " + key);
      if (!(value >= 1 && value <= 100000) || value != std::floor(value))
        throw RuleError("pimc samples must be a whole number 1..100000, got " + std::to_string(value));
      samples = static_cast<int>(value);
    }
    return std::make_shared<PimcPolicy>(samples);
  }
  throw RuleError("unknown player " + name);
}

}  // namespace baloot
