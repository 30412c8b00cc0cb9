#include "players/match_table.hpp"

#include <algorithm>
#include <string>

namespace baloot {

MatchTable::MatchTable(const Rules& rules, const std::vector<double>& win, const std::vector<double>& ties)
    : rules_(rules), win_(win.begin(), win.end()), ties_(ties.begin(), ties.end()) {
  const std::size_t cells = static_cast<std::size_t>(rules.target) * static_cast<std::size_t>(rules.target) * kNumSeats;
  if (rules.target < 1 || win_.size() != cells)
    throw RuleError("a match equity table for target " + std::to_string(rules.target) + " has " +
                    std::to_string(cells) + " entries, not " + std::to_string(win_.size()));
  if (ties_.size() % kNumSeats != 0 || (ties_.empty() != (rules.target_tie == TargetTie::kBuyers)))
    throw RuleError("the tied scores of a match equity table need 4 entries each, and are there only under "
                    "target_tie=another_hand; got " + std::to_string(ties_.size()));
  const auto outside = [](double chance) { return !(chance >= 0 && chance <= 1); };
  if (std::any_of(win_.begin(), win_.end(), outside) || std::any_of(ties_.begin(), ties_.end(), outside))
    throw RuleError("a match equity table holds chances from 0 to 1");
}

double MatchTable::after_hand(const int (&before)[2], int dealer, const MatchHand& hand) const {
  const MatchStep step = baloot::after_hand(rules_, before, hand);
  if (step.winner >= 0) return step.winner == 0 ? 1.0 : 0.0;
  const int next = (dealer + 1) % kNumSeats;
  const int target = rules_.target;
  if (step.scores[0] < target && step.scores[1] < target)
    return win_[(static_cast<std::size_t>(step.scores[0]) * target + step.scores[1]) * kNumSeats + next];
  const int rows = static_cast<int>(ties_.size()) / kNumSeats;  // every tie past the last row plays as the last
  return ties_[static_cast<std::size_t>(std::min(step.scores[0] - target, rows - 1)) * kNumSeats + next];
}

}  // namespace baloot
