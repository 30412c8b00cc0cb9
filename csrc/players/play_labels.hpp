// Training data for the learned card play: hands played by a player, and at each card decision with a
// choice, the features of every card the seat may play and the value the rollout search gives it.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "kernel/parallel.hpp"

#include "players/play_features.hpp"
#include "players/rollout_player.hpp"

namespace baloot {

struct PlayLabels {
  std::vector<std::int8_t> context;  // per decision: play_features' context
  std::vector<std::int8_t> count;    // per decision: the cards that may be played
  std::vector<float> features;       // per card, kPlayFeatures values
  std::vector<float> value;          // per card: the seat's team's mean game points over the other's
  std::vector<std::int8_t> card;     // per card

  void append(const PlayLabels& more);
};

template <typename T>
void extend(std::vector<T>& to, const std::vector<T>& from) {
  to.insert(to.end(), from.begin(), from.end());
}

// Labels hands 0..hands-1 on `threads` threads: `label_hand(i, rows)` fills the rows of hand i, and the
// rows of all hands are appended in hand order (so the result does not depend on `threads`).
template <typename Rows, typename LabelHand>
Rows label_hands(std::int64_t hands, int threads, LabelHand label_hand) {
  std::vector<Rows> by_hand(static_cast<std::size_t>(hands));
  struct Worker {
    std::vector<Rows>& by_hand;
    LabelHand& label_hand;
    void operator()(std::int64_t begin, std::int64_t end) {
      for (std::int64_t i = begin; i < end; ++i) label_hand(i, by_hand[static_cast<std::size_t>(i)]);
    }
    void finish() {}
  };
  const std::atomic<bool> stop{false};
  std::atomic<std::int64_t> done{0};
  parallel_chunks(hands, threads, 1, stop, done, [&] { return Worker{by_hand, label_hand}; });
  Rows all;
  for (const Rows& rows : by_hand) all.append(rows);
  return all;
}

// Hands 0..hands-1 (hand i dealt and played from stream item_seed(seed, i), dealer i mod 4, every seat
// calling and playing as `player`); every card decision with a choice is labelled by `labeller`. The
// result does not depend on `threads`.
PlayLabels play_labels(std::int64_t hands, std::uint64_t seed, const Policy& player, const RolloutPolicy& labeller,
                       const Rules& rules, int threads);

}  // namespace baloot
