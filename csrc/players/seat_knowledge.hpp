// What a seat can tell about the hidden hands from what it has seen: the cards each other seat may
// still hold.
#pragma once

#include "players/policy.hpp"

namespace baloot {

// Seats are counted from the seat to move: 0 itself, then the next seat, the partner, the previous seat.
constexpr int kNext = 1, kPartner = 2, kPrevious = 3;

struct Knowledge {
  Hand possible[kNumSeats];  // by seat counted from this one: the cards it may still hold (its own hand for itself)
  Hand opp;                  // cards either opponent may hold
};

// The cards each seat may hold: the unseen cards less what the play, the up-card's known holder and
// the hand sizes rule out.
void infer(const SeatView& v, Knowledge& k);

}  // namespace baloot
