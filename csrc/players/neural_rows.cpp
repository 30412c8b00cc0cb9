#include "players/neural_rows.hpp"

#include <algorithm>

#include "players/play_labels.hpp"

namespace baloot {

namespace {

constexpr int kNoScores[2] = {0, 0};
constexpr std::uint64_t kLabelStream = 0x6e6575726f6eULL;  // the labeller's draws, apart from the hand's

void label_hand(std::int64_t index, std::uint64_t seed, const Policy& player, const RolloutPolicy* labeller,
                const Rules& rules, const Policy* opponent, NeuralRows& out) {
  const int players_team = static_cast<int>((index >> 2) & 1);
  Rng rng(item_seed(seed, static_cast<std::uint64_t>(index)));
  Rng label_rng(item_seed(seed ^ kLabelStream, static_cast<std::uint64_t>(index)));
  HandState hand = HandState::random_deal(rng, static_cast<int>(index & 3), kNoScores, rules);
  std::vector<int> teams;
  NeuralInput in;
  while (hand.phase() != Phase::kOver) {
    if (opponent && team_of(hand.to_move()) != players_team) {
      hand.apply(opponent->choose(hand, rng));
      continue;
    }
    const Hand legal = hand.phase() == Phase::kPlaying ? hand.legal_cards() : 0;
    if (legal & (legal - 1)) {
      long total[kNumCards] = {};
      const int worlds = labeller ? labeller->card_totals(hand, label_rng, total) : 1;
      if (worlds > 0) {
        neural_input(SeatView(hand), in);
        const std::size_t at = out.features.size();
        out.features.resize(at + kNeuralMaxActive, static_cast<std::uint16_t>(kNeuralInputs));
        std::copy(in.active, in.active + in.count, out.features.begin() + static_cast<std::ptrdiff_t>(at));
        out.legal.push_back(in.canonical(legal));
        float value[kNumCards] = {};
        for (Hand h = legal; h; h &= h - 1) {
          const Card c = static_cast<Card>(__builtin_ctz(h));
          value[in.canonical(c)] = static_cast<float>(total[c]) / static_cast<float>(worlds);
        }
        out.value.insert(out.value.end(), value, value + kNumCards);
        teams.push_back(team_of(hand.to_move()));
        const int card = player.choose(hand, rng);
        out.chosen.push_back(static_cast<std::int8_t>(in.canonical(static_cast<Card>(card))));
        hand.apply(card);
        continue;
      }
    }
    hand.apply(player.choose(hand, rng));
  }
  const HandScore& score = hand.score();
  for (const int team : teams) out.margin.push_back(static_cast<float>(score.points[team] - score.points[1 - team]));
}

}  // namespace

void NeuralRows::append(const NeuralRows& more) {
  extend(features, more.features);
  extend(legal, more.legal);
  extend(value, more.value);
  extend(margin, more.margin);
  extend(chosen, more.chosen);
}

NeuralRows neural_rows(std::int64_t hands, std::uint64_t seed, const Policy& player, const RolloutPolicy* labeller,
                       const Rules& rules, int threads, const Policy* opponent) {
  return label_hands<NeuralRows>(hands, threads, [&](std::int64_t i, NeuralRows& rows) {
    label_hand(i, seed, player, labeller, rules, opponent, rows);
  });
}

}  // namespace baloot
