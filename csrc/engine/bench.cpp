#include "engine/bench.hpp"

#include <chrono>
#include <vector>

#include "kernel/hand.hpp"
#include "kernel/projects.hpp"
#include "kernel/rng.hpp"
#include "kernel/rules.hpp"

namespace baloot {

namespace {

struct Position {
  Hand hand;
  Card trick[kNumSeats];
  int trick_len;
  Contract contract;
};

Hand random_cards(Rng& rng, Hand from, int n) {
  Hand out = 0;
  while (count(out) < n) {
    const Card c = static_cast<Card>(rng.below(kNumCards));
    if (from & bit(c)) out |= bit(c);
  }
  return out;
}

Position random_position(Rng& rng) {
  Position p{};
  p.contract = rng.below(5) == 4 ? Contract{Mode::kSun, kNoSuit} : Contract{Mode::kHokum, static_cast<int>(rng.below(4))};
  p.trick_len = static_cast<int>(rng.below(4));
  Hand table = random_cards(rng, kFullDeck, p.trick_len);
  for (int i = 0; i < p.trick_len; ++i) {
    p.trick[i] = lowest_card(table);
    table = without_lowest(table);
  }
  Hand rest = kFullDeck;
  for (int i = 0; i < p.trick_len; ++i) rest &= ~bit(p.trick[i]);
  p.hand = random_cards(rng, rest, 1 + static_cast<int>(rng.below(8)));
  return p;
}

template <typename Body>
double nanoseconds_per_call(long calls, Body body) {
  const auto start = std::chrono::steady_clock::now();
  body();
  const auto elapsed = std::chrono::steady_clock::now() - start;
  return std::chrono::duration<double, std::nano>(elapsed).count() / static_cast<double>(calls);
}

}  // namespace

double time_legal_moves(int positions, int repeats, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<Position> batch(static_cast<std::size_t>(positions));
  for (auto& p : batch) p = random_position(rng);
  const Rules rules;
  volatile Hand sink = 0;
  return nanoseconds_per_call(static_cast<long>(positions) * repeats, [&] {
    Hand acc = 0;
    for (int r = 0; r < repeats; ++r)
      for (const auto& p : batch) acc ^= legal_moves(p.hand, p.trick, p.trick_len, p.contract, rules);
    sink = acc;
  });
}

double time_best_projects(int hands, int repeats, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<Hand> batch(static_cast<std::size_t>(hands));
  for (auto& h : batch) h = random_cards(rng, kFullDeck, 8);
  volatile int sink = 0;
  return nanoseconds_per_call(static_cast<long>(hands) * repeats, [&] {
    int acc = 0;
    for (int r = 0; r < repeats; ++r)
      for (std::size_t i = 0; i < batch.size(); ++i)
        acc += best_projects(batch[i], i & 1 ? Mode::kSun : Mode::kHokum).abnat;
    sink = acc;
  });
}

HeuristicTiming time_heuristic(int hands, std::uint64_t seed, const HeuristicParams& params) {
  const HeuristicPolicy policy(params);
  const Rules rules;
  const int scores[2] = {0, 0};
  std::vector<std::uint8_t> actions;
  actions.reserve(static_cast<std::size_t>(hands) * 48);
  volatile int sink = 0;
  HeuristicTiming out;
  const double total = nanoseconds_per_call(hands, [&] {
    int acc = 0;
    for (int i = 0; i < hands; ++i) {
      Rng rng(item_seed(seed, static_cast<std::uint64_t>(i)));
      HandState state = HandState::random_deal(rng, i & 3, scores, rules);
      while (state.phase() != Phase::kOver) {
        const int action = policy.decide(state);
        actions.push_back(static_cast<std::uint8_t>(action));
        state.apply(action);
      }
      acc += state.score().points[0];
    }
    sink = acc;
  });
  std::size_t next = 0;
  const double replay = nanoseconds_per_call(hands, [&] {
    int acc = 0;
    for (int i = 0; i < hands; ++i) {
      Rng rng(item_seed(seed, static_cast<std::uint64_t>(i)));
      HandState state = HandState::random_deal(rng, i & 3, scores, rules);
      while (state.phase() != Phase::kOver) state.apply(actions[next++]);
      acc += state.score().points[0];
    }
    sink = acc;
  });
  out.ns_per_hand = total;
  out.decisions_per_hand = static_cast<double>(actions.size()) / hands;
  out.ns_per_decision = (total - replay) / out.decisions_per_hand;
  return out;
}

std::vector<int> heuristic_duel(int hands, std::uint64_t seed, const HeuristicParams& a, const HeuristicParams& b) {
  const HeuristicPolicy pa(a), pb(b);
  const Rules rules;
  const int scores[2] = {0, 0};
  std::vector<int> out;
  out.reserve(static_cast<std::size_t>(hands) * 2);
  for (int i = 0; i < hands; ++i) {
    for (int a_team = 0; a_team < 2; ++a_team) {
      Rng rng(item_seed(seed, static_cast<std::uint64_t>(i)));
      HandState state = HandState::random_deal(rng, i & 3, scores, rules);
      while (state.phase() != Phase::kOver) {
        const HeuristicPolicy& p = team_of(state.to_move()) == a_team ? pa : pb;
        state.apply(p.decide(state));
      }
      const int* pts = state.score().points;
      out.push_back(pts[a_team] - pts[1 - a_team]);
    }
  }
  return out;
}

}  // namespace baloot
