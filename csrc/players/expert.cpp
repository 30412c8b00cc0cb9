#include "players/expert.hpp"

namespace baloot {

// `python training/tune_expert.py --deals 40000 --sweeps 2` prints these values.
HeuristicParams expert_params() {
  HeuristicParams p;
  p.double_threshold = 5;
  p.draw_trumps_min = 5;
  p.lead_partner_suit = 0.5;
  p.lead_ruff_penalty = 15;
  p.lead_short_suit = 2.5;
  p.sun_over_hokum = 0.5;
  p.take_partner_priority = 0;
  p.trump_keep = 25;
  return p;
}

std::shared_ptr<const Policy> make_expert_policy(const PolicyOptions& options) {
  return make_heuristic_policy(options, expert_params(), "expert");
}

}  // namespace baloot
