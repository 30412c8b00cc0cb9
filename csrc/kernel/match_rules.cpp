#include "kernel/match_rules.hpp"

#include <string>

namespace baloot {

MatchHand match_hand(const HandState& s) {
  MatchHand out;
  out.thrown_in = s.thrown_in();
  if (out.thrown_in) return out;
  out.points[0] = s.score().points[0];
  out.points[1] = s.score().points[1];
  out.gahwa = s.gahwa();
  out.buyers = team_of(s.buyer());
  out.made = s.score().made;
  return out;
}

MatchStep after_hand(const Rules& rules, const int (&before)[2], const MatchHand& hand) {
  MatchStep step;
  step.scores[0] = before[0];
  step.scores[1] = before[1];
  if (hand.thrown_in) return step;
  for (int team = 0; team < 2; ++team) step.scores[team] += hand.points[team];
  if (hand.gahwa && rules.gahwa == GahwaScore::kMatch) {
    step.winner = hand.made ? hand.buyers : 1 - hand.buyers;
    step.end = MatchEnd::kGahwa;
    return step;
  }
  const bool reached[2] = {step.scores[0] >= rules.target, step.scores[1] >= rules.target};
  if (!reached[0] && !reached[1]) return step;
  if (reached[0] != reached[1] || step.scores[0] != step.scores[1]) {
    step.winner = reached[0] != reached[1] ? (reached[0] ? 0 : 1) : (step.scores[0] > step.scores[1] ? 0 : 1);
    step.end = MatchEnd::kTarget;
  } else if (rules.target_tie == TargetTie::kBuyers) {
    step.winner = hand.buyers;
    step.end = MatchEnd::kTieToBuyers;
  }
  return step;
}

void check_match_start(const Rules& rules, const int (&scores)[2]) {
  if (rules.target < 1) throw RuleError("target " + std::to_string(rules.target) + " must be at least 1");
  for (int team = 0; team < 2; ++team)
    if (scores[team] < 0 || scores[team] >= rules.target)
      throw RuleError("scores (" + std::to_string(scores[0]) + ", " + std::to_string(scores[1]) +
                      ") must both be 0 or more and below the target " + std::to_string(rules.target));
}

}  // namespace baloot
