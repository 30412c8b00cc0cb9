// Players built on the double-dummy solver: "dd" sees every hand; "pimc" (perfect-information Monte
// Carlo) deals the cards it cannot see consistently with what its seat has seen, solves each deal
// and plays the card with the best average. Both hand bidding and doubling to another player.
#pragma once

#include <memory>

#include "policy.hpp"
#include "../solver.hpp"

namespace baloot {

// What the seat to move knows about the hidden cards: who could hold which of them, and how many
// each other seat holds. Built from a SeatView only (its hand, the up-card's holder, the cards
// played and by whom), using the kernel's legal_moves to read what each play revealed.
struct HiddenCards {
  Hand unseen = 0;                 // cards in the other three hands
  Hand allowed[kNumSeats] = {};    // cards each seat may hold (its own hand for the seat to move)
  int count[kNumSeats] = {};       // cards each seat holds now
  int seat = 0;                    // the seat to move
  Hand up_card = 0;                // the up-card while its holder (another seat) still has it
  int up_holder = kNoSeat;
};
HiddenCards hidden_cards(const SeatView& view);

// Deals the unseen cards to the other three seats, uniformly among the deals that respect
// `hidden`; each deal is drawn with `rng`. Returns false (and deals without the inferences, only
// the counts and the up-card) if no deal respects them, which a correct inference never causes.
class HiddenDealer {
 public:
  explicit HiddenDealer(const HiddenCards& hidden);
  bool consistent() const { return consistent_; }
  void deal(Rng& rng, Hand (&hands)[kNumSeats]) const;

 private:
  static constexpr int kMaxCards = kNumCards;
  HiddenCards hidden_;
  int others_[3] = {};
  Card cards_[kMaxCards] = {};
  std::uint8_t allowed_[kMaxCards] = {};  // bit k: others_[k] may hold cards_[i]
  int n_ = 0;
  bool consistent_ = true;
  // ways_[i][a][b]: deals of cards i.. with a more to others_[0] and b more to others_[1].
  double ways_[kMaxCards + 1][kNumTricks + 1][kNumTricks + 1] = {};
};

class DoubleDummyPolicy final : public Policy {
 public:
  DoubleDummyPolicy();
  int choose(const HandState& state, Rng& rng) const override;

 private:
  std::shared_ptr<const Policy> calls_;  // bidding and doubling
};

class PimcPolicy final : public Policy {
 public:
  explicit PimcPolicy(int samples = 20);
  int choose(const HandState& state, Rng& rng) const override;
  int samples() const { return samples_; }

 private:
  int samples_;
  std::shared_ptr<const Policy> calls_;  // bidding and doubling
};

// The solver of the calling thread (one table per thread, made on first use).
Solver& thread_solver();

}  // namespace baloot
