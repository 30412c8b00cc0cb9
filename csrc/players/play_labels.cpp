#include "players/play_labels.hpp"

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

}  // namespace

void PlayLabels::append(const PlayLabels& more) {
  extend(context, more.context);
  extend(count, more.count);
  extend(features, more.features);
  extend(value, more.value);
  extend(card, more.card);
}

PlayLabels play_labels(std::int64_t hands, std::uint64_t seed, const Policy& player, const RolloutPolicy& labeller,
                       const Rules& rules, int threads) {
  const HeuristicPolicy expert(expert_params());
  return label_hands<PlayLabels>(hands, threads, [&](std::int64_t i, PlayLabels& rows) {
    label_hand(i, seed, player, expert, labeller, rules, rows);
  });
}

}  // namespace baloot
