// Whole matches played in C++ threads, each hand with the match score passed to it (R30, the players'
// doubles), the match rules (kernel/match_rules.hpp) applied after each hand.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "kernel/hand.hpp"
#include "kernel/match_rules.hpp"
#include "players/native_play.hpp"
#include "players/policy.hpp"

namespace baloot {

// One hand of a match as it was played.
struct MatchHandRow {
  std::uint64_t seed = 0;  // HandState::random_deal(Rng(seed), dealer, scores) deals it
  int dealer = 0;
  int scores[2] = {0, 0};  // before the hand
  MatchHand hand;
};

struct MatchConfig {
  std::int64_t first = 0;
  std::int64_t count = 0;
  std::uint64_t seed = 0;
  int threads = 1;
  Rules rules;
  int scores[2] = {0, 0};  // every match starts here
  int dealer = 0;          // ... with this seat dealing
  const Policy* players[kNumSeats] = {nullptr, nullptr, nullptr, nullptr};
};

// Per-match outputs; any pointer may be null. Row i is match first + i.
struct MatchArrays {
  std::int8_t* winner = nullptr;
  std::int32_t* scores = nullptr;  // [n][2] final
  std::int32_t* hands = nullptr;   // hands dealt, thrown-in ones included
  std::int8_t* end = nullptr;      // MatchEnd
};

struct MatchSummary {
  std::int64_t matches = 0;
  std::int64_t wins[2] = {0, 0};
  std::int64_t hands = 0;
  std::int64_t hands_sq = 0;
  std::int64_t ends[4] = {0, 0, 0, 0};  // by MatchEnd

  void add(const MatchStep& last, std::int64_t hands_played);
  void merge(const MatchSummary& other);
};

// Match `index` of a run: hand h is dealt and played from its own stream (the seed in its row), the
// dealer rotating (R4). Appends every hand to `trace` when given.
MatchStep play_match(const MatchConfig& config, const TablePlayers& table, std::int64_t index,
                     std::int64_t& hands_played, std::vector<MatchHandRow>* trace = nullptr);

// Runs matches [first, first + count) over the threads, as simulate() runs hands: `done` counts finished
// matches, `stop` ends the run after the current chunk, `finished` (count bytes) marks the played rows.
std::int64_t simulate_matches(const MatchConfig& config, const MatchArrays& out, MatchSummary* summary,
                              std::atomic<std::int64_t>& done, const std::atomic<bool>& stop,
                              std::uint8_t* finished = nullptr);

}  // namespace baloot
