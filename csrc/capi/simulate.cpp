// Many seeded hands into caller-owned arrays, and the Monte Carlo analysis of one call.
#include <atomic>
#include <string>
#include <vector>

#include "capi/capi.hpp"
#include "engine/analyze.hpp"
#include "engine/simulate.hpp"
#include "players/registry.hpp"

namespace baloot::capi {

namespace {

SimArrays sim_arrays(const baloot_sim_rows* rows) {
  SimArrays out;
  if (rows == nullptr) return out;
  out.points = rows->points, out.abnat = rows->abnat, out.projects = rows->projects, out.tricks = rows->tricks;
  out.mode = rows->mode, out.trump = rows->trump, out.buyer = rows->buyer, out.dealer = rows->dealer;
  out.made = rows->made, out.kaboot = rows->kaboot, out.multiplier = rows->multiplier, out.gahwa = rows->gahwa;
  out.ashkal = rows->ashkal, out.baloot = rows->baloot;
  return out;
}

// The deck positions the deciding seat knows: its first five cards and the up-card.
std::uint32_t known_positions(int seat, int dealer) {
  int positions[5];
  first_five_positions(seat, dealer, positions);
  std::uint32_t known = 1u << kUpCardIndex;
  for (int position : positions) known |= 1u << position;
  return known;
}

}  // namespace

}  // namespace baloot::capi

using namespace baloot;
using namespace baloot::capi;

extern "C" {

baloot_status baloot_simulate(const baloot_sim_config* config, const baloot_sim_rows* rows) {
  return guard([&] {
    const baloot_sim_config& c = *need(config, "config");
    if (c.first < 0) throw RuleError("first " + std::to_string(c.first) + " is negative");
    if (c.count < 0) throw RuleError("count " + std::to_string(c.count) + " is negative");
    SimConfig sim;
    sim.first = c.first;
    sim.count = c.count;
    sim.seed = c.seed;
    sim.threads = thread_count(c.threads);
    sim.rules = rules_of(c.rules);
    if (c.forced) {
      sim.forced = true;
      sim.contract = checked_contract(c.contract_mode, c.contract_trump);
    }
    std::shared_ptr<const Policy> keep;
    seat_players(c.players, "random", sim.players, keep);
    std::atomic<std::int64_t> done{0};
    const std::atomic<bool> stop{false};
    simulate(sim, sim_arrays(rows), nullptr, done, stop);
  });
}

baloot_status baloot_analyze_decision(const baloot_hand* hand, const baloot_builtin* const* players,
                                      const int* candidates, int n, int64_t samples, uint64_t seed, int threads,
                                      int16_t* margin, uint8_t* flags) {
  return guard([&] {
    const HandState& state = need(hand, "hand")->state;
    if (state.phase() != Phase::kBidding && state.phase() != Phase::kDoubling)
      throw RuleError("only a bidding or doubling decision can be analysed");
    if (samples < 1) throw RuleError("samples " + std::to_string(samples) + " must be at least 1");
    need(margin, "margin");
    DecisionQuestion q;
    for (int p = 0; p < kNumCards; ++p) q.deck[p] = state.deck()[p];
    q.known = known_positions(state.to_move(), state.dealer());
    q.dealer = state.dealer();
    q.scores[0] = state.score_before(0);
    q.scores[1] = state.score_before(1);
    q.rules = state.rules();
    q.history = hand->history;
    if (candidates == nullptr) {
      for (ActionMask legal = state.legal_actions(); legal; legal &= legal - 1) q.candidates.push_back(__builtin_ctzll(legal));
      if (n != static_cast<int>(q.candidates.size()))
        throw RuleError("n " + std::to_string(n) + " is not the number of legal actions, " +
                        std::to_string(q.candidates.size()));
    } else {
      if (n < 1) throw RuleError("n " + std::to_string(n) + ": give at least one candidate");
      for (int i = 0; i < n; ++i) {
        if (!state.is_legal(candidates[i]))
          throw RuleError("candidate action " + std::to_string(candidates[i]) + " is not legal here");
        q.candidates.push_back(candidates[i]);
      }
    }
    std::shared_ptr<const Policy> keep;
    seat_players(players, kDefaultAnalysisPlayer, q.players, keep);
    q.seed = seed;
    const auto cells = static_cast<std::size_t>(samples) * q.candidates.size();
    std::vector<std::uint8_t> own_flags(flags ? 0 : cells);
    std::vector<std::int8_t> multiplier(cells);
    std::vector<std::int32_t> draws(static_cast<std::size_t>(samples));
    DecisionOutputs out{margin, flags ? flags : own_flags.data(), multiplier.data(), draws.data()};
    std::atomic<std::int64_t> done{0};
    const std::atomic<bool> stop{false};
    analyze_decision(q, 0, samples, thread_count(threads), out, done, stop);
  });
}

}  // extern "C"
