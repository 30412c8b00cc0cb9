// What one seat has seen of a hand, as floats in [0, 1] for learning agents: its own cards, the up-card,
// every card played and by whom, the table, the calls, the contract, the voids shown and the score so far.
// Seats are counted from the observer: relative seat r is the seat r places after it in play order, so 2
// is always its partner. Nothing hidden from the seat is encoded.
#pragma once

#include "kernel/hand.hpp"

namespace baloot {

// The blocks of an observation, in order.
enum class Block {
  kHand,        // 32: the seat's own cards (card index suit * 8 + rank)
  kUpCard,      // 32: the card turned up for the bidding
  kPlayed,      // 4 x 32: the cards each relative seat has played, the trick on the table included
  kTrick,       // 4 x 32: the cards on the table, by relative seat
  kPhase,       // 4: bidding, doubling, playing, over
  kDealer,      // 4: the dealer's relative seat
  kRound,       // 2: the bidding round, first or second
  kCalls,       // 4 x kCallKinds: each relative seat's latest bidding action
  kMode,        // 3: no contract yet, Sun, Hokum
  kTrump,       // 4: the trump suit
  kBuyer,       // 4: the buyer's relative seat
  kMultiplier,  // 4: x1 to x4
  kGahwa,       // 1
  kVoids,       // 4 x 4: the suits each relative seat has shown it lacks
  kTricksWon,   // 2: tricks taken by the seat's team and by the other, / 8
  kAbnat,       // 2: card abnat taken so far by the two teams, / 162
  kScores,      // 2: the match scores before this hand, / target, at most 1
  kBaloot,      // 4: the relative seat that announced Baloot (K and Q of trump), if one did
  kCount
};

// A seat's latest bidding action as an observation counts it: none yet, pass, hokum, hokum in each
// suit, sun, ashkal.
constexpr int kCallKinds = 9;

struct BlockInfo {
  const char* name;
  int size;
};
constexpr BlockInfo kBlocks[] = {
    {"hand", kNumCards},   {"up_card", kNumCards}, {"played", kNumSeats * kNumCards},
    {"trick", kNumSeats * kNumCards}, {"phase", 4}, {"dealer", kNumSeats}, {"round", 2},
    {"calls", kNumSeats * kCallKinds}, {"mode", 3}, {"trump", kNumSuits}, {"buyer", kNumSeats},
    {"multiplier", 4}, {"gahwa", 1}, {"voids", kNumSeats * kNumSuits}, {"tricks_won", 2}, {"abnat", 2},
    {"scores", 2}, {"baloot", kNumSeats}};
static_assert(sizeof kBlocks / sizeof kBlocks[0] == static_cast<int>(Block::kCount), "a size for every block");

constexpr int block_offset(Block b) {
  int offset = 0;
  for (int i = 0; i < static_cast<int>(b); ++i) offset += kBlocks[i].size;
  return offset;
}
constexpr int kObservationSize = block_offset(Block::kCount);

// Writes kObservationSize floats: what `seat` has seen of `state`.
void observe(const HandState& state, int seat, float* out);

}  // namespace baloot
