// Double dummy: one hand in its card play solved, and tables of many deals.
#include <atomic>
#include <string>
#include <vector>

#include "capi/capi.hpp"
#include "solver/dd_table.hpp"
#include "solver/solver.hpp"

namespace baloot::capi {

namespace {

// The search plays by the seed's trick rules: the house rules that change them are refused.
void check_solvable(const Rules& rules, bool closed) {
  if (rules.narrow_partner)
    throw RuleError("the double-dummy solver does not play the narrow partner exception (narrow_partner)");
  if (closed) throw RuleError("the double-dummy solver does not play a hand closed by a closed double");
}

}  // namespace

}  // namespace baloot::capi

using namespace baloot;
using namespace baloot::capi;

extern "C" {

baloot_status baloot_solve(const baloot_hand* hand, baloot_solution* out) {
  return guard([&] {
    need(out, "out");
    const HandState& state = need(hand, "hand")->state;
    if (state.phase() != Phase::kPlaying) throw RuleError("only a hand being played can be solved");
    check_solvable(state.rules(), state.closed());
    static thread_local Solver solver;
    const SolveResult r = solver.solve(state, true);
    baloot_solution solution{};
    for (int team = 0; team < 2; ++team) solution.value[team] = r.value[team];
    solution.to_move = r.mover;
    solution.legal = r.legal;
    solution.best = r.best;
    for (int c = 0; c < kNumCards; ++c) solution.move_value[c] = r.move_value[c];
    solution.nodes = static_cast<int64_t>(r.nodes);
    *out = solution;
  });
}

baloot_status baloot_dd_tables(const uint32_t* hands, const int* leaders, int64_t n, const baloot_rules* rules,
                               int threads, int16_t* out) {
  return guard([&] {
    if (n < 0) throw RuleError("n " + std::to_string(n) + " is negative");
    const int workers = thread_count(threads);
    if (n == 0) return;
    need(hands, "hands");
    need(leaders, "leaders");
    need(out, "out");
    check_solvable(rules_of(rules), false);
    std::vector<TableDeal> deals(static_cast<std::size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
      TableDeal& deal = deals[static_cast<std::size_t>(i)];
      for (int seat = 0; seat < kNumSeats; ++seat) deal.hands[seat] = hands[4 * i + seat];
      if (leaders[i] < 0 || leaders[i] >= kNumSeats)
        throw RuleError("deal " + std::to_string(i) + ": leader " + std::to_string(leaders[i]) + " is not a seat 0..3");
      deal.leader = leaders[i];
      check_table_deal(deal, i);
    }
    std::vector<std::int16_t> team0(static_cast<std::size_t>(n) * kNumContracts);
    std::atomic<std::int64_t> done{0};
    const std::atomic<bool> stop{false};
    dd_tables(deals.data(), n, (1u << kNumContracts) - 1, rules_of(rules), Resolution::kAbnat,
              workers, team0.data(), done, stop);
    for (int64_t i = 0; i < n; ++i) {
      const TableDeal& deal = deals[static_cast<std::size_t>(i)];
      const Hand cards = deal.hands[0] | deal.hands[1] | deal.hands[2] | deal.hands[3];
      for (int k = 0; k < kNumContracts; ++k) {
        const std::int16_t taken = team0[static_cast<std::size_t>(i * kNumContracts + k)];
        out[(i * kNumContracts + k) * 2] = taken;
        out[(i * kNumContracts + k) * 2 + 1] =
            static_cast<std::int16_t>(hand_abnat(cards, contract_at(k)) + kLastTrickAbnat - taken);
      }
    }
  });
}

}  // extern "C"
