#include "engine/match.hpp"

#include <algorithm>
#include <string>

#include "kernel/parallel.hpp"

namespace baloot {

namespace {

// A match still going on after this many hands is refused, not played for ever.
constexpr std::int64_t kMatchHandsMax = 100000;

}  // namespace

void MatchSummary::add(const MatchStep& last, std::int64_t hands_played) {
  ++matches;
  ++wins[last.winner];
  hands += hands_played;
  hands_sq += hands_played * hands_played;
  ++ends[static_cast<int>(last.end)];
}

void MatchSummary::merge(const MatchSummary& o) {
  matches += o.matches;
  wins[0] += o.wins[0];
  wins[1] += o.wins[1];
  hands += o.hands;
  hands_sq += o.hands_sq;
  for (int i = 0; i < 4; ++i) ends[i] += o.ends[i];
}

MatchStep play_match(const MatchConfig& config, const TablePlayers& table, std::int64_t index,
                     std::int64_t& hands_played, std::vector<MatchHandRow>* trace) {
  const std::uint64_t match_seed = item_seed(config.seed, static_cast<std::uint64_t>(index));
  MatchStep step;
  step.scores[0] = config.scores[0];
  step.scores[1] = config.scores[1];
  int dealer = config.dealer;
  for (hands_played = 0; step.winner < 0; ++hands_played) {
    if (hands_played == kMatchHandsMax)
      throw RuleError("match " + std::to_string(index) + " had no winner after " + std::to_string(kMatchHandsMax) +
                      " hands: do the players never buy?");
    MatchHandRow row;
    row.seed = item_seed(match_seed, static_cast<std::uint64_t>(hands_played));
    row.dealer = dealer;
    row.scores[0] = step.scores[0];
    row.scores[1] = step.scores[1];
    Rng rng(row.seed);
    HandState hand = HandState::random_deal(rng, dealer, row.scores, config.rules);
    play_out(hand, table, rng);
    row.hand = match_hand(hand);
    step = after_hand(config.rules, row.scores, row.hand);
    if (trace) trace->push_back(row);
    dealer = (dealer + 1) % kNumSeats;
  }
  return step;
}

std::int64_t simulate_matches(const MatchConfig& config, const MatchArrays& out, MatchSummary* summary,
                              std::atomic<std::int64_t>& done, const std::atomic<bool>& stop, std::uint8_t* finished) {
  check_match_start(config.rules, config.scores);
  struct Worker {
    const MatchConfig& config;
    const MatchArrays& out;
    MatchSummary* summary;
    std::uint8_t* finished;
    const TablePlayers& table;
    MatchSummary local;

    void operator()(std::int64_t begin, std::int64_t end) {
      std::int64_t row = begin;
      try {
        for (; row < end; ++row) {
          std::int64_t hands = 0;
          const MatchStep last = play_match(config, table, config.first + row, hands);
          if (out.winner) out.winner[row] = static_cast<std::int8_t>(last.winner);
          if (out.scores) std::copy(last.scores, last.scores + 2, out.scores + 2 * row);
          if (out.hands) out.hands[row] = static_cast<std::int32_t>(hands);
          if (out.end) out.end[row] = static_cast<std::int8_t>(last.end);
          local.add(last, hands);
        }
      } catch (...) {
        mark_finished(begin, row);
        throw;
      }
      mark_finished(begin, end);
    }
    void mark_finished(std::int64_t begin, std::int64_t end) const {
      if (finished) std::fill(finished + begin, finished + end, std::uint8_t{1});
    }
    void finish() {
      if (summary) summary->merge(local);
    }
  };
  const TablePlayers table(config.players);
  const std::int64_t before = done.load();
  parallel_chunks(config.count, config.threads, balanced_chunk(config.count, config.threads, 8, 256), stop, done,
                  [&] { return Worker{config, out, summary, finished, table, {}}; });
  return done.load() - before;
}

}  // namespace baloot
