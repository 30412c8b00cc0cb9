#include "players/neural_input.hpp"

#include <algorithm>

#include "kernel/rules.hpp"

namespace baloot {

namespace {

int bucket(int value, int size, int buckets) { return std::min(std::max(value, 0) / size, buckets - 1); }

}  // namespace

int neural_score_bucket(int score) { return bucket(score, 20, kNeuralScoreBuckets); }

Hand NeuralInput::canonical(Hand cards) const {
  Hand out = 0;
  for (int s = 0; s < kNumSuits; ++s) out |= Hand{suit_holding(cards, s)} << (8 * canonical_suit[s]);
  return out;
}

void neural_input(const SeatView& v, NeuralInput& in) {
  const int me = v.seat();
  const int trump = v.contract().trump;
  in.rename_suits(trump);
  const auto relative = [me](int seat) { return (seat - me) & 3; };
  constexpr std::uint8_t kUnseen = kNeuralCardSlots;
  std::uint8_t slot[kNumCards];
  std::fill(slot, slot + kNumCards, kUnseen);
  for (Hand h = v.hand(); h; h &= h - 1) slot[__builtin_ctz(h)] = 0;
  const int done = v.tricks_played();
  for (int t = 0; t < done; ++t)
    for (int i = 0; i < kNumSeats; ++i)
      slot[v.played_card(kNumSeats * t + i)] = static_cast<std::uint8_t>(1 + relative(v.trick_leader(t) + i));
  const int place = v.trick_len();
  for (int i = 0; i < place; ++i) slot[v.trick()[i]] = static_cast<std::uint8_t>(4 + relative(v.leader() + i));

  int n = 0;  // the features are listed block by block, each in order
  const Hand seen = v.hand() | v.played();
  for (int canon = 0; canon < kNumSuits; ++canon) {
    const int suit = in.actual_suit[canon];
    for (Hand h = seen & suit_mask(suit); h; h &= h - 1) {
      const int c = __builtin_ctz(h);
      in.active[n++] = static_cast<std::uint16_t>(kNeuralCardsAt + make_card(canon, rank_of(static_cast<Card>(c))) * kNeuralCardSlots + slot[c]);
    }
  }
  const unsigned shown = v.shown_voids();
  for (int step = 1; step < kNumSeats; ++step) {
    const unsigned voids = shown >> (4 * ((me + step) & 3)) & 0xF;
    for (int canon = 0; canon < kNumSuits; ++canon)
      if (voids >> in.actual_suit[canon] & 1)
        in.active[n++] = static_cast<std::uint16_t>(kNeuralVoidsAt + (step - 1) * kNumSuits + canon);
  }
  const int holder = relative(v.up_card_holder());
  if (holder != 0 && slot[v.up_card()] == kUnseen) in.active[n++] = static_cast<std::uint16_t>(kNeuralUpHolderAt + holder - 1);
  const int team = team_of(me);
  const int context[] = {
      kNeuralContractAt + (trump != kNoSuit),
      kNeuralMultiplierAt + std::min(std::max(v.multiplier(), 1), 4) - 1,
      kNeuralBuyerAt + relative(v.buyer()),
      kNeuralTrickAt + done,
      kNeuralPlaceAt + place,
  };
  for (const int f : context) in.active[n++] = static_cast<std::uint16_t>(f);
  if (place > 0) in.active[n++] = static_cast<std::uint16_t>(kNeuralWinningAt + relative(v.leader() + v.trick_best()) - 1);
  const int taken[] = {
      kNeuralAbnatAt + bucket(v.abnat(team), 10, kNeuralAbnatBuckets),
      kNeuralAbnatAt + kNeuralAbnatBuckets + bucket(v.abnat(1 - team), 10, kNeuralAbnatBuckets),
      kNeuralScoreAt + neural_score_bucket(v.score_before(team)),
      kNeuralScoreAt + kNeuralScoreBuckets + neural_score_bucket(v.score_before(1 - team)),
  };
  for (const int f : taken) in.active[n++] = static_cast<std::uint16_t>(f);
  in.count = n;
}

}  // namespace baloot
