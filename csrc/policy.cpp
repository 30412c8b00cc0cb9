#include "policy.hpp"

#include "heuristic.hpp"

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
  throw RuleError("unknown player " + name);
}

}  // namespace baloot
