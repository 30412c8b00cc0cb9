// The root: exact values from null-window probes, the value of each first card, the best cards.
#include <algorithm>
#include <cstdlib>

#include "kernel/scoring.hpp"
#include "solver/common.hpp"

namespace baloot {

constexpr int kFirstStep = 2;  // the first step away from a first guess near a root card's value

// Exact values come from null-window probes: each probe "does team 0 reach beta?" returns a bound
// (fail-soft), and the interval [lo, hi] that holds the value shrinks until it closes.
// A first guess near the value (the value of the card searched before) is walked away from in doubling
// steps until the value is bracketed; from then on, or from a guess with no such claim, each probe
// halves the interval.
int Solver::exact_child(Card c, int first_guess, bool near, int total) {
  int lo = 0, hi = total;
  int beta = first_guess;
  int step = kFirstStep;
  unsigned failed = near ? 0 : 3;  // bit 0: a probe failed high, bit 1: one failed low
  while (lo < hi) {
    beta = std::clamp(beta, lo + 1, hi);
    const int g = play_at_root(c, beta - 1, beta);
    if (g >= beta) lo = g, failed |= 1;
    else hi = g, failed |= 2;
    beta = failed == 3 ? (lo + hi + 1) / 2 : failed == 1 ? lo + step : hi + 1 - step;
    step *= 2;
  }
  return lo;
}

int Solver::exact_root(int total) {
  int lo = 0, hi = total;
  while (lo < hi) {
    const int beta = (lo + hi + 1) / 2;
    const int g = search(beta - 1, beta);
    if (g >= beta) lo = g;
    else hi = g;
  }
  return lo;
}

SolveResult Solver::solve(const Position& p, bool all_moves) {
  load(p);
  SolveResult r;
  for (int& v : r.move_value) v = -1;
  const int seat = p.to_move();
  const int team = team_of(seat);
  const int total = abnat_to_win(p);
  auto mine = [&](int team0) { return team == 0 ? team0 : total - team0; };
  r.mover = seat;
  r.legal = legal_moves(hands_[seat], trick_, len_, contract_, rules_);
  const Hand reps = root_moves(r.legal, seat);
  int keys[kNumTricks];
  const int n = order_root(reps, seat, keys);

  int best = -1;
  Hand best_set = 0;
  if (all_moves) {
    int guess = total / 2;
    for (int i = 0; i < n; ++i) {
      const Card c = card_of_ranked(keys[i]);
      const int v = exact_child(c, guess, i > 0, total);
      guess = v;
      const int u = mine(v);
      r.move_value[c] = u;
      if (u > best) best = u, best_set = 0;
      if (u == best) best_set |= bit(c);
    }
  } else {
    best = mine(exact_root(total));
    for (int i = 0; i < n; ++i) {
      const Card c = card_of_ranked(keys[i]);
      // does this card reach the best value? (no card exceeds it)
      const bool reaches = team == 0 ? play_at_root(c, best - 1, best) >= best
                                     : play_at_root(c, total - best, total - best + 1) <= total - best;
      if (reaches) {
        best_set |= bit(c);
        r.move_value[c] = best;
      }
    }
  }

  // Cards merged into a kept card share its value.
  const Hand live_others = live_ & ~hands_[seat];
  for (Hand h = r.legal & ~reps; h; h = without_lowest(h)) {
    const Card c = lowest_card(h);
    for (Hand k = reps & suit_mask(suit_of(c)); k; k = without_lowest(k)) {
      const Card rep = lowest_card(k);
      const int lo = std::min(power_[rep], power_[c]), hi = std::max(power_[rep], power_[c]);
      const std::uint32_t between = bits_above(lo) & ((1u << hi) - 1);
      if (abnat_[rep] == abnat_[c] && !(pw(live_others, suit_of(c)) & between)) {
        r.move_value[c] = r.move_value[rep];
        if (best_set & bit(rep)) best_set |= bit(c);
        break;
      }
    }
  }
  r.best = best_set;
  r.value[team] = best;
  r.value[1 - team] = total - best;
  r.nodes = nodes_;
  return r;
}

int Solver::value(const Position& p) {
  load(p);
  const int total = abnat_to_win(p);
  const int v = exact_root(total);
  return team_of(p.to_move()) == 0 ? v : total - v;
}

bool Solver::reaches(const Position& p, int team, int target) {
  load(p);
  const int total = abnat_to_win(p);
  if (target <= 0) return true;
  if (target > total) return false;
  // team 1 reaches target when team 0 takes no more than total - target
  const int beta = team == 0 ? target : total - target + 1;
  return (search(beta - 1, beta) >= beta) == (team == 0);
}

ValueRange Solver::value_range(const Position& p, const std::function<int(int)>& classify) {
  load(p);
  ValueRange r{0, abnat_to_win(p)};
  while (classify(r.lo) != classify(r.hi)) {
    // The class edge (the least abnat of a class above its predecessor's) nearest the middle.
    const int middle = (r.lo + r.hi + 1) / 2;
    int edge = -1;
    for (int a = r.lo + 1; a <= r.hi; ++a)
      if (classify(a) != classify(a - 1) && (edge < 0 || std::abs(a - middle) < std::abs(edge - middle))) edge = a;
    const int g = search(edge - 1, edge);
    if (g >= edge) r.lo = g;
    else r.hi = g;
  }
  return r;
}

PointsValue Solver::points(const Position& p, const int (&won)[2], const int (&extra)[2]) {
  const int total = abnat_to_win(p);
  const bool tens_first = p.rules.sun_tens_first;
  const Mode mode = p.contract.mode;
  auto team_points = [&](int team, int team0) { return game_points(won[team] + (team == 0 ? team0 : total - team0), mode, tens_first); };
  auto ahead = [&](int team0) {
    const int margin = won[0] + team0 + extra[0] - (won[1] + total - team0 + extra[1]);
    return margin > 0 ? 0 : margin < 0 ? 1 : -1;
  };
  // Team 0's points rise and team 1's fall with team 0's abnat, and team 0 gets ahead: one number each,
  // weighted so that equal classes mean equal parts (points are below 64).
  auto classify = [&](int team0) {
    const int lead = ahead(team0);
    return (team_points(0, team0) * 64 + 63 - team_points(1, team0)) * 4 + (lead == 1 ? 0 : lead == -1 ? 1 : 2);
  };
  PointsValue v;
  v.range = value_range(p, classify);
  v.points[0] = team_points(0, v.range.lo);
  v.points[1] = team_points(1, v.range.lo);
  v.ahead = ahead(v.range.lo);
  return v;
}

}  // namespace baloot
