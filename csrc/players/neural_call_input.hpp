// What the neural player's call network reads of a bidding turn: sparse binary features, all seen from the
// seat to move through its SeatView. Suits are renamed so that the up-card's suit is suit 0 (the others keep
// their order), so one network serves every up-card.
//
// Feature numbering (each block in order; seats are counted from the seat to move, 0 itself):
//   the seat's cards: canonical card; the up-card: its rank; round 1-2 x place after the dealer 0-3;
//   bid stage; seat 1-3 x its latest bidding action (none, pass, hokum, hokum in canonical suit 0-3, sun,
//   ashkal, another); the hokum caller: none or seat 0-3; the seat whose sun or ashkal is pending: none or
//   seat 0-3
#pragma once

#include "players/policy.hpp"
#include "players/sparse_input.hpp"

namespace baloot {

// The calls the network values, in the order of its outputs: pass, hokum (the up-card's suit, round 1),
// hokum in canonical suit 0-3 (round 2), sun, ashkal.
constexpr int kNeuralCalls = 8;
constexpr int kNeuralBidKinds = 10;

enum NeuralCallBlock : int {
  kNeuralCallCardsAt = 0,
  kNeuralCallUpAt = kNeuralCallCardsAt + kNumCards,
  kNeuralCallPlaceAt = kNeuralCallUpAt + kNumRanks,
  kNeuralCallStageAt = kNeuralCallPlaceAt + 2 * kNumSeats,
  kNeuralCallBidsAt = kNeuralCallStageAt + 4,
  kNeuralCallHokumAt = kNeuralCallBidsAt + 3 * kNeuralBidKinds,
  kNeuralCallPendingAt = kNeuralCallHokumAt + 1 + kNumSeats,
  kNeuralCallInputs = kNeuralCallPendingAt + 1 + kNumSeats,
};

// No turn has more active features: eight cards at most, one of each other block.
constexpr int kNeuralCallMaxActive = 16;

using NeuralCallInput = SparseInput<kNeuralCallMaxActive>;

// The output of the network for bidding action `action` (kPass .. kAshkal), or -1 for another action.
int neural_call_output(const NeuralCallInput& in, int action);

// The features of the bidding turn of the seat to move (the hand must be in its bidding phase).
void neural_call_input(const SeatView& v, NeuralCallInput& in);

}  // namespace baloot
