// What the neural player reads of a card decision: sparse binary features, all seen from the seat to move
// through its SeatView. Suits are renamed so that the trump is suit 0 (a Hokum's other suits keep their
// order; a Sun keeps every suit), so one network serves every trump.
//
// Feature numbering (each block in order; seats are counted from the seat to move, 0 itself):
//   card slots: canonical card c, slot s -> c * kNeuralCardSlots + s, slots:
//     0 in the seat's hand; 1-4 played in an earlier trick by seat 0-3; 5-7 on the table by seat 1-3
//     (a card the seat has not seen has no feature: the first layer's bias stands for it)
//   shown voids: seat 1-3 x canonical suit; the unseen up-card's holder: seat 1-3
//   contract: Sun, Hokum; multiplier x1-x4; buyer: seat 0-3; trick 0-7; place in the trick 0-3;
//   seat winning the trick on the table: 1-3; abnat taken (tens, 0-16) by the seat's team, by the other;
//   game score before the hand (twenties, 0-7) of the seat's team, of the other
#pragma once

#include <cstdint>

#include "players/policy.hpp"
#include "players/sparse_input.hpp"

namespace baloot {

constexpr int kNeuralCardSlots = 8;
constexpr int kNeuralAbnatBuckets = 17;
constexpr int kNeuralScoreBuckets = 8;

enum NeuralBlock : int {
  kNeuralCardsAt = 0,
  kNeuralVoidsAt = kNeuralCardsAt + kNumCards * kNeuralCardSlots,
  kNeuralUpHolderAt = kNeuralVoidsAt + 3 * kNumSuits,
  kNeuralContractAt = kNeuralUpHolderAt + 3,
  kNeuralMultiplierAt = kNeuralContractAt + 2,
  kNeuralBuyerAt = kNeuralMultiplierAt + 4,
  kNeuralTrickAt = kNeuralBuyerAt + kNumSeats,
  kNeuralPlaceAt = kNeuralTrickAt + kNumTricks,
  kNeuralWinningAt = kNeuralPlaceAt + kNumSeats,
  kNeuralAbnatAt = kNeuralWinningAt + 3,
  kNeuralScoreAt = kNeuralAbnatAt + 2 * kNeuralAbnatBuckets,
  kNeuralInputs = kNeuralScoreAt + 2 * kNeuralScoreBuckets,
};

// No decision has more active features (every card seen once, every void, one of each context block).
constexpr int kNeuralMaxActive = 64;

struct NeuralInput : SparseInput<kNeuralMaxActive> {
  Card canonical(Card c) const { return make_card(canonical_suit[suit_of(c)], rank_of(c)); }
  Card actual(Card c) const { return make_card(actual_suit[suit_of(c)], rank_of(c)); }
  Hand canonical(Hand cards) const;
};

// The bucket of a game score before the hand, as the features read it.
int neural_score_bucket(int score);

// The features of the card decision of the seat to move (the hand must be in its playing phase).
void neural_input(const SeatView& v, NeuralInput& in);

}  // namespace baloot
