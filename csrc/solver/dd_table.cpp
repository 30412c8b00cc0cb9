#include "solver/dd_table.hpp"

#include <cassert>
#include <string>

#include "kernel/parallel.hpp"
#include "solver/solver.hpp"

namespace baloot {

namespace {

// The deal's first lead under a contract.
Position first_lead(const TableDeal& deal, const Contract& contract, const Rules& rules) {
  Position p;
  for (int seat = 0; seat < kNumSeats; ++seat) p.hands[seat] = deal.hands[seat];
  p.leader = deal.leader;
  p.contract = contract;
  p.rules = rules;
  return p;
}

}  // namespace

void check_table_deal(const TableDeal& deal, std::int64_t index) {
  try {
    check_position(first_lead(deal, contract_at(0), Rules{}));
  } catch (const RuleError& e) {
    throw RuleError("deal " + std::to_string(index) + ": " + e.what());
  }
}

void dd_tables(const TableDeal* deals, std::int64_t n, unsigned contracts, const Rules& rules, Resolution resolution,
               int threads, std::int16_t* out, std::atomic<std::int64_t>& done, const std::atomic<bool>& stop) {
  struct Worker {
    Solver solver;
    const TableDeal* deals;
    unsigned contracts;
    const Rules* rules;
    Resolution resolution;
    std::int16_t* out;
    void operator()(std::int64_t begin, std::int64_t end) {
      for (std::int64_t i = begin; i < end; ++i) {
        assert(passes([&] { check_table_deal(deals[i], i); }));
        for (int k = 0; k < kNumContracts; ++k) out[i * kNumContracts + k] = contracts >> k & 1 ? team0_abnat(i, k) : -1;
      }
    }
    void finish() {}
    std::int16_t team0_abnat(std::int64_t i, int k) {
      const Position p = first_lead(deals[i], contract_at(k), *rules);
      const int total = abnat_to_win(p);
      if (resolution == Resolution::kPoints) return static_cast<std::int16_t>(solver.points(p, {0, 0}, {0, 0}).range.lo);
      if (resolution == Resolution::kMake) {
        auto side = [total](int team0) { return int{2 * team0 > total} + int{2 * team0 >= total}; };
        return static_cast<std::int16_t>(solver.value_range(p, side).lo);
      }
      const int leaders = solver.value(p);  // the value is the leader's team's
      return static_cast<std::int16_t>(team_of(p.leader) == 0 ? leaders : total - leaders);
    }
  };
  parallel_chunks(n, threads, balanced_chunk(n, threads, 1, 64), stop, done,
                  [&] { return Worker{Solver(), deals, contracts, &rules, resolution, out}; });
}

}  // namespace baloot
