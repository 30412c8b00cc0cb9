// The "expert" built-in player: the heuristic player's rules with its weights and thresholds tuned by
// duplicate self-play against the heuristic (training/tune_expert.py reproduces the tuning), and the
// rules the heuristic leaves off switched on: it never takes its partner's pending Sun in the priority
// round, and it returns the suits its partner has led. Like the heuristic, it reads the game only
// through a SeatView and holds no mutable state.
#pragma once

#include <memory>

#include "players/heuristic.hpp"

namespace baloot {

// The expert's weights and thresholds (the heuristic's fields, tuned values).
HeuristicParams expert_params();

// The factory case: expert_params() overridden by `options` (HeuristicParams field names).
std::shared_ptr<const Policy> make_expert_policy(const PolicyOptions& options);

}  // namespace baloot
