#include "engine/match_equity.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <utility>

#include "kernel/parallel.hpp"

namespace baloot {

namespace {

// What makes two score pairs play alike: R30 for either team buying, and every seat's score_class.
std::vector<int> class_key(const Rules& rules, const Policy* const (&players)[kNumSeats], int s0, int s1) {
  const int scores[2] = {s0, s1};
  std::vector<int> key = {sun_may_be_doubled(rules, s0, s1), sun_may_be_doubled(rules, s1, s0)};
  for (int seat = 0; seat < kNumSeats; ++seat) {
    const int team = team_of(seat);
    const int seen = players[seat]->score_class(scores[team], scores[1 - team]);
    if (seen == kAnyScoreClass)
      throw RuleError("match equity needs players whose decisions read the match score through known classes; "
                      "the player of seat " + std::to_string(seat) + " may read it in any way");
    key.push_back(seen);
  }
  return key;
}

// A MatchHand as one integer, to count equal outcomes.
std::uint64_t pack(const MatchHand& h) {
  return std::uint64_t{h.thrown_in} | std::uint64_t{h.gahwa} << 1 | std::uint64_t{h.made} << 2 |
         static_cast<std::uint64_t>(h.buyers) << 3 | static_cast<std::uint64_t>(h.points[0]) << 4 |
         static_cast<std::uint64_t>(h.points[1]) << 34;
}

MatchHand swap_teams(MatchHand h) {
  std::swap(h.points[0], h.points[1]);
  h.buyers = 1 - h.buyers;
  return h;
}

MatchHand unpack(std::uint64_t key) {
  MatchHand h;
  h.thrown_in = key & 1;
  h.gahwa = key >> 1 & 1;
  h.made = key >> 2 & 1;
  h.buyers = static_cast<int>(key >> 3 & 1);
  h.points[0] = static_cast<int>(key >> 4 & 0x3FFFFFFF);
  h.points[1] = static_cast<int>(key >> 34 & 0x3FFFFFFF);
  return h;
}

struct Probability {
  MatchHand hand;
  double p;
};

}  // namespace

ScoreClasses score_classes(const Rules& rules, const Policy* const (&players)[kNumSeats]) {
  if (rules.target < 1 || rules.target > kEquityTargetMax)
    throw RuleError("match equity needs a target from 1 to " + std::to_string(kEquityTargetMax) + ", not " +
                    std::to_string(rules.target));
  ScoreClasses classes;
  classes.target = rules.target;
  classes.tie_top = std::max(rules.target, 101);  // tied scores above 100 play alike (R30 needs unequal scores)
  const int ties = rules.target_tie == TargetTie::kAnotherHand ? classes.tie_top - rules.target + 1 : 0;
  std::map<std::vector<int>, int> ids;
  auto add = [&](int s0, int s1) {
    const auto found = ids.emplace(class_key(rules, players, s0, s1), static_cast<int>(ids.size()));
    if (found.second) classes.at.push_back({s0, s1});
    classes.of.push_back(found.first->second);
  };
  for (int s0 = 0; s0 < rules.target; ++s0)
    for (int s1 = 0; s1 < rules.target; ++s1) add(s0, s1);
  for (int k = 0; k < ties; ++k) add(rules.target + k, rules.target + k);
  classes.swapped.assign(classes.at.size(), -2);
  auto pair_up = [&](int cell, int mirror) {
    int& swapped = classes.swapped[static_cast<std::size_t>(classes.of[static_cast<std::size_t>(cell)])];
    const int to = classes.of[static_cast<std::size_t>(mirror)];
    swapped = swapped == -2 || swapped == to ? to : -1;  // -1: the class has no single mirror
  };
  for (int s0 = 0; s0 < rules.target; ++s0)
    for (int s1 = 0; s1 < rules.target; ++s1) pair_up(s0 * rules.target + s1, s1 * rules.target + s0);
  for (int k = 0; k < ties; ++k) pair_up(rules.target * rules.target + k, rules.target * rules.target + k);
  return classes;
}

bool simulate_outcomes(const EquityConfig& config, const ScoreClasses& classes, Outcomes& outcomes,
                       std::atomic<std::int64_t>& done, const std::atomic<bool>& stop) {
  const int n_classes = static_cast<int>(classes.at.size());
  const std::int64_t count = std::int64_t{n_classes} * kNumSeats * config.hands;
  const std::size_t groups = static_cast<std::size_t>(config.batches) * n_classes * kNumSeats;
  std::vector<std::unordered_map<std::uint64_t, std::int64_t>> counts(groups);
  struct Worker {
    const EquityConfig& config;
    const ScoreClasses& classes;
    const TablePlayers& table;
    std::vector<std::unordered_map<std::uint64_t, std::int64_t>>& counts;
    std::vector<std::unordered_map<std::uint64_t, std::int64_t>> local;

    void operator()(std::int64_t begin, std::int64_t end) {
      const std::int64_t n_classes = static_cast<std::int64_t>(classes.at.size());
      for (std::int64_t i = begin; i < end; ++i) {
        const std::int64_t group = i / config.hands;  // class * 4 + dealer
        const int dealer = static_cast<int>(group % kNumSeats);
        const std::array<int, 2>& at = classes.at[static_cast<std::size_t>(group / kNumSeats)];
        const int scores[2] = {at[0], at[1]};
        Rng rng(item_seed(config.seed, static_cast<std::uint64_t>(i)));
        HandState hand = HandState::random_deal(rng, dealer, scores, config.rules);
        play_out(hand, table, rng);
        const std::int64_t batch = i % config.hands % config.batches;
        ++local[static_cast<std::size_t>(batch * n_classes * kNumSeats + group)][pack(match_hand(hand))];
      }
    }
    void finish() {
      for (std::size_t g = 0; g < local.size(); ++g)
        for (const auto& [key, n] : local[g]) counts[g][key] += n;
    }
  };
  const TablePlayers table(config.players);
  parallel_chunks(count, config.threads, balanced_chunk(count, config.threads, 64, 4096), stop, done,
                  [&] { return Worker{config, classes, table, counts, decltype(counts)(groups)}; });
  if (stop.load()) return false;
  outcomes.assign(groups, {});
  for (std::size_t g = 0; g < groups; ++g) {
    std::vector<std::pair<std::uint64_t, std::int64_t>> sorted(counts[g].begin(), counts[g].end());
    std::sort(sorted.begin(), sorted.end());  // a fixed order, so that sums in the table never vary
    for (const auto& [key, n] : sorted) outcomes[g].push_back({unpack(key), n});
  }
  return true;
}

std::vector<double> equity_table(const EquityConfig& config, const ScoreClasses& classes, const Outcomes& outcomes,
                                 const std::vector<int>& batches) {
  const Rules& rules = config.rules;
  const int n_classes = static_cast<int>(classes.at.size());
  const int target = classes.target;
  // The outcome probabilities of each class and dealer, over the chosen batches and the pooled groups.
  std::vector<std::vector<Probability>> dist(static_cast<std::size_t>(n_classes) * kNumSeats);
  for (int c = 0; c < n_classes; ++c)
    for (int d = 0; d < kNumSeats; ++d) {
      std::map<std::uint64_t, std::int64_t> summed;
      std::int64_t total = 0;
      auto add = [&](int from_class, int dealer, bool swap) {
        for (int b : batches)
          for (const OutcomeCount& o : outcomes[(static_cast<std::size_t>(b) * n_classes + from_class) * kNumSeats + dealer]) {
            summed[pack(swap ? swap_teams(o.hand) : o.hand)] += o.count;
            total += o.count;
          }
      };
      add(c, d, false);
      const int mirror = classes.swapped[static_cast<std::size_t>(c)];
      if (config.same_players) {
        add(c, (d + 2) % kNumSeats, false);
        if (mirror >= 0) {
          add(mirror, (d + 1) % kNumSeats, true);
          add(mirror, (d + 3) % kNumSeats, true);
        }
      }
      for (const auto& [key, n] : summed)
        dist[static_cast<std::size_t>(c) * kNumSeats + d].push_back({unpack(key), static_cast<double>(n) / static_cast<double>(total)});
    }
  std::vector<double> win(static_cast<std::size_t>(classes.cells()) * kNumSeats, 0.0);
  auto tie_cell = [&](int s) { return target * target + std::min(s, classes.tie_top) - target; };
  // One state's four dealers: V_d = a_d + t_d V_{d+1}, where t_d is the chance of coming back to the same
  // scores (a hand thrown in, or a tie at or above tie_top), solved around the cycle of dealers.
  auto solve = [&](int cell, int s0, int s1) {
    const int before[2] = {s0, s1};
    double a[kNumSeats] = {}, t[kNumSeats] = {};
    for (int d = 0; d < kNumSeats; ++d) {
      const int next = (d + 1) % kNumSeats;
      for (const Probability& o : dist[static_cast<std::size_t>(classes.of[static_cast<std::size_t>(cell)]) * kNumSeats + d]) {
        const MatchStep step = after_hand(rules, before, o.hand);
        if (step.winner >= 0) {
          a[d] += o.p * (step.winner == 0);
          continue;
        }
        const int to = step.scores[0] < target ? step.scores[0] * target + step.scores[1] : tie_cell(step.scores[0]);
        if (to == cell)
          t[d] += o.p;
        else
          a[d] += o.p * win[static_cast<std::size_t>(to) * kNumSeats + next];
      }
    }
    const double loop = t[0] * t[1] * t[2] * t[3];
    if (loop > 1 - 1e-12)
      throw RuleError("no hand was ever bought at scores (" + std::to_string(s0) + ", " + std::to_string(s1) + ")");
    double* v = &win[static_cast<std::size_t>(cell) * kNumSeats];
    v[0] = (a[0] + t[0] * (a[1] + t[1] * (a[2] + t[2] * a[3]))) / (1 - loop);
    for (int d = kNumSeats - 1; d >= 1; --d) v[d] = a[d] + t[d] * v[(d + 1) % kNumSeats];
  };
  // Every hand adds points unless thrown in, so a state reads only states of higher total (or itself).
  for (int s = classes.tie_top; s >= target && rules.target_tie == TargetTie::kAnotherHand; --s) solve(tie_cell(s), s, s);
  for (int sum = 2 * (target - 1); sum >= 0; --sum)
    for (int s0 = std::min(sum, target - 1); s0 >= 0 && sum - s0 < target; --s0)
      solve(s0 * target + (sum - s0), s0, sum - s0);
  return win;
}

Equity match_equity(const EquityConfig& config, const ScoreClasses& classes, const Outcomes& outcomes) {
  const int k = config.batches;
  std::vector<std::vector<double>> tables(static_cast<std::size_t>(k) + 1);
  std::vector<int> all(static_cast<std::size_t>(k));
  for (int b = 0; b < k; ++b) all[static_cast<std::size_t>(b)] = b;
  struct Worker {
    const EquityConfig& config;
    const ScoreClasses& classes;
    const Outcomes& outcomes;
    const std::vector<int>& all;
    std::vector<std::vector<double>>& tables;
    void operator()(std::int64_t begin, std::int64_t end) {
      for (std::int64_t i = begin; i < end; ++i) {
        const std::vector<int> batches = i == 0 ? all : std::vector<int>{static_cast<int>(i - 1)};
        tables[static_cast<std::size_t>(i)] = equity_table(config, classes, outcomes, batches);
      }
    }
    void finish() {}
  };
  std::atomic<std::int64_t> done{0};
  const std::atomic<bool> stop{false};
  parallel_chunks(k + 1, config.threads, 1, stop, done, [&] { return Worker{config, classes, outcomes, all, tables}; });
  Equity out;
  out.win = tables[0];
  out.error.assign(out.win.size(), 0.0);
  if (k < 2) return out;
  for (std::size_t i = 0; i < out.win.size(); ++i) {
    double mean = 0, square = 0;
    for (int b = 1; b <= k; ++b) mean += tables[static_cast<std::size_t>(b)][i];
    mean /= k;
    for (int b = 1; b <= k; ++b) square += (tables[static_cast<std::size_t>(b)][i] - mean) * (tables[static_cast<std::size_t>(b)][i] - mean);
    out.error[i] = std::sqrt(square / (k - 1) / k);
  }
  return out;
}

}  // namespace baloot
