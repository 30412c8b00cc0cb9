// The batch runner: hands [first, first + count) of a seeded run over T threads, per-hand results
// written into caller-owned arrays and/or summed into mergeable integer statistics.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>

#include "kernel/hand.hpp"
#include "players/policy.hpp"

namespace baloot {

// Per-hand outputs; any pointer may be null. Row i of every array is hand first + i.
struct SimArrays {
  std::int16_t* points = nullptr;  // [n][2]
  std::int16_t* abnat = nullptr;   // [n][2]
  std::int16_t* projects = nullptr;  // [n][2] project abnat scored
  std::int8_t* tricks = nullptr;   // [n][2]
  std::int8_t* mode = nullptr;     // 0 sun, 1 hokum, -1 thrown in
  std::int8_t* trump = nullptr;    // suit or -1
  std::int8_t* buyer = nullptr;    // seat or -1
  std::int8_t* dealer = nullptr;
  std::int8_t* made = nullptr;     // 1, 0, or -1 when thrown in
  std::int8_t* kaboot = nullptr;   // team or -1
  std::int8_t* multiplier = nullptr;
  std::int8_t* gahwa = nullptr;
  std::int8_t* ashkal = nullptr;
  std::int8_t* baloot = nullptr;   // team or -1
};

// Where SimSummary counts a bought contract: Sun, Sun bought by ashkal, then Hokum by trump suit.
constexpr int kSummaryContracts = 2 + kNumSuits;
constexpr int summary_contract(const Contract& c, bool ashkal) {
  return c.mode == Mode::kSun ? (ashkal ? 1 : 0) : 2 + c.trump;
}

// Sufficient statistics, exact integers, so that merging chunks in any order gives identical sums.
struct SimSummary {
  std::int64_t hands = 0;
  std::int64_t thrown_in = 0;
  std::int64_t points[2] = {0, 0};
  std::int64_t points_sq[2] = {0, 0};
  std::int64_t margin_sq = 0;  // sum of (team 0 - team 1)^2
  std::int64_t buys[4] = {0, 0, 0, 0};           // per buyer seat
  std::int64_t buys_made[4] = {0, 0, 0, 0};
  std::int64_t buyer_points[4] = {0, 0, 0, 0};    // buyers' team points, per buyer seat
  std::int64_t buyer_points_sq[4] = {0, 0, 0, 0};
  std::int64_t buyer_margin[4] = {0, 0, 0, 0};    // buyers minus defenders, per buyer seat
  std::int64_t buyer_margin_sq[4] = {0, 0, 0, 0};
  std::int64_t contracts[kSummaryContracts] = {};  // by summary_contract
  std::int64_t made = 0;
  std::int64_t kaboot[2] = {0, 0};  // by buyers, by defenders
  std::int64_t multiplier[5] = {0, 0, 0, 0, 0};  // index 1..4
  std::int64_t gahwa = 0;
  std::int64_t project_kinds[4] = {0, 0, 0, 0};  // declared projects by kind, all seats
  std::int64_t hands_with_projects = 0;          // hands where a team scored projects
  std::int64_t baloot = 0;

  void add(const HandState& hand);
  void merge(const SimSummary& other);
};

struct SimConfig {
  std::int64_t first = 0;
  std::int64_t count = 0;
  std::uint64_t seed = 0;
  int threads = 1;
  Rules rules;
  bool forced = false;  // play `contract` with the first bidder as buyer, no bidding or doubling
  Contract contract;
  const Policy* players[kNumSeats] = {nullptr, nullptr, nullptr, nullptr};
  // When every seat is a RandomPolicy the card play runs in HandState::play_randomly, two hands at a
  // time: the same draws, without a virtual call per card. Off, every card goes through RandomPolicy
  // (tests compare the two).
  bool random_play_loop = true;
  // Native players (csrc/native_play.hpp) share one view through the card play, updated card by card.
  // Off, each of their decisions fills a view afresh (tests compare the two).
  bool native_view_loop = true;
  bool all_random() const;
};

// Runs the whole batch. `done` counts finished hands as they go; setting `stop` makes the workers
// finish their current chunk and return. Returns the number of hands played, which is `count`
// unless stopped; when stopped, `finished` (if given, `count` bytes) marks the rows that were played.
// A player's exception stops the batch the same way and is rethrown once every thread has stopped,
// with `summary` and `finished` holding the hands finished before it.
std::int64_t simulate(const SimConfig& config, const SimArrays& out, SimSummary* summary, std::atomic<std::int64_t>& done,
                      const std::atomic<bool>& stop, std::uint8_t* finished = nullptr);

}  // namespace baloot
