#include "players/play_labels.hpp"

#include <atomic>

#include "kernel/parallel.hpp"
#include "players/expert.hpp"

namespace baloot {

namespace {

constexpr int kNoScores[2] = {0, 0};
constexpr std::uint64_t kLabelStream = 0x6c6162656c73ULL;  // the labeller's draws, apart from the hand's

void label_hand(std::int64_t index, std::uint64_t seed, const Policy& player, const HeuristicPolicy& expert,
                const RolloutPolicy& labeller, const Rules& rules, PlayLabels& out) {
  Rng rng(item_seed(seed, static_cast<std::uint64_t>(index)));
  Rng label_rng(item_seed(seed ^ kLabelStream, static_cast<std::uint64_t>(index)));
  HandState hand = HandState::random_deal(rng, static_cast<int>(index & 3), kNoScores, rules);
  PlayFeatures f;
  while (hand.phase() != Phase::kOver) {
    const Hand legal = hand.phase() == Phase::kPlaying ? hand.legal_cards() : 0;
    if (legal & (legal - 1)) {
      long total[kNumCards] = {};
      const int worlds = labeller.card_totals(hand, label_rng, total);
      if (worlds > 0) {
        play_features(SeatView(hand), legal, static_cast<Card>(expert.decide(hand)), f);
        out.context.push_back(static_cast<std::int8_t>(f.context));
        out.count.push_back(static_cast<std::int8_t>(f.count));
        for (int i = 0; i < f.count; ++i) {
          out.features.insert(out.features.end(), f.x[i], f.x[i] + kPlayFeatures);
          out.value.push_back(static_cast<float>(total[f.card[i]]) / static_cast<float>(worlds));
          out.card.push_back(static_cast<std::int8_t>(f.card[i]));
        }
      }
    }
    hand.apply(player.choose(hand, rng));
  }
}

template <typename T>
void append(std::vector<T>& to, const std::vector<T>& from) {
  to.insert(to.end(), from.begin(), from.end());
}

}  // namespace

PlayLabels play_labels(std::int64_t hands, std::uint64_t seed, const Policy& player, const RolloutPolicy& labeller,
                       const Rules& rules, int threads) {
  const HeuristicPolicy expert(expert_params());
  std::vector<PlayLabels> by_hand(static_cast<std::size_t>(hands));
  struct Worker {
    std::vector<PlayLabels>& by_hand;
    std::uint64_t seed;
    const Policy& player;
    const HeuristicPolicy& expert;
    const RolloutPolicy& labeller;
    const Rules& rules;
    void operator()(std::int64_t begin, std::int64_t end) {
      for (std::int64_t i = begin; i < end; ++i)
        label_hand(i, seed, player, expert, labeller, rules, by_hand[static_cast<std::size_t>(i)]);
    }
    void finish() {}
  };
  const std::atomic<bool> stop{false};
  std::atomic<std::int64_t> done{0};
  parallel_chunks(hands, threads, 1, stop, done,
                  [&] { return Worker{by_hand, seed, player, expert, labeller, rules}; });
  PlayLabels all;
  for (const PlayLabels& h : by_hand) {
    append(all.context, h.context);
    append(all.count, h.count);
    append(all.features, h.features);
    append(all.value, h.value);
    append(all.card, h.card);
  }
  return all;
}

}  // namespace baloot
