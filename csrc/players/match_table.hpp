// A match equity table as the players read it: team 0's chance to win the match from each pair of scores
// below the target with each seat to deal next, and from the tied scores past the target under
// target_tie=another_hand (baloot.match_equity computes it; the package ships one per default player).
#pragma once

#include <vector>

#include "kernel/match_rules.hpp"

namespace baloot {

class MatchTable {
 public:
  // `win` is [s0][s1][dealer] over scores below the target, `ties` [tied score - target][dealer] (empty
  // under target_tie=buyers); RuleError when the sizes do not fit the target or a chance is not in [0, 1].
  MatchTable(const Rules& rules, const std::vector<double>& win, const std::vector<double>& ties);
  const Rules& rules() const { return rules_; }
  // Team 0's chance once the hand dealt by `dealer` from `before` has ended as `hand`: 1 or 0 when it ends
  // the match (kernel/match_rules.hpp), else the entry of the scores after it with the next seat dealing.
  double after_hand(const int (&before)[2], int dealer, const MatchHand& hand) const;

 private:
  Rules rules_;
  // In single precision (the shipped tables' own), so that the 152 x 152 x 4 table takes half the cache.
  std::vector<float> win_;
  std::vector<float> ties_;
};

}  // namespace baloot
