// Players built on the double-dummy solver: "dd" sees every hand; "pimc" (perfect-information Monte
// Carlo) deals the cards it cannot see consistently with what its seat has seen, solves each deal
// and plays the card with the best average. Both hand bidding and doubling to another player.
#pragma once

#include <memory>

#include "players/policy.hpp"
#include "players/worlds.hpp"
#include "kernel/scoring.hpp"
#include "solver/solver.hpp"

namespace baloot {

// What the seat's team scores over the other at the end of the hand in one world of the hidden cards,
// by the abnat team 0 takes from the position on: the hand's score (R32-R40: the buyers' check,
// khasra, kaboot, the multiplier) with that world's projects and Baloot (R23-R28).
class HandOutcome {
 public:
  HandOutcome(const SeatView& view, const HiddenCards& hidden);
  // The projects and Baloot of the world whose remaining hands are `hands`.
  void set_world(const Hand (&hands)[kNumSeats]);
  // The seat's team's game points minus the other team's when team 0 takes `team0_abnat` more.
  int margin(int team0_abnat) const;

 private:
  ScoreInput in_;
  Rules rules_;
  Contract contract_;
  int team_ = 0;
  int first_leader_ = 0;
  int taken_[2] = {};  // card abnat each team has taken
  int to_win_ = 0;     // card abnat still to be won, the last-trick 10 included
  int tricks_[2] = {};
  Hand played_[kNumSeats] = {};
};

class DoubleDummyPolicy final : public Policy {
 public:
  DoubleDummyPolicy();
  int choose(const HandState& state, Rng& rng) const override;
  int score_class(int mine, int theirs) const override { return calls_->score_class(mine, theirs); }

 private:
  std::shared_ptr<const Policy> calls_;  // bidding and doubling
};

struct PimcOptions {
  int samples = 20;     // worlds per decision
  bool points = true;   // decide by the game points of the hand (else by abnat alone)
  int tries = 16;       // worlds drawn per sample, to find one where the other team played as the heuristic would
};

class PimcPolicy final : public Policy {
 public:
  explicit PimcPolicy(const PimcOptions& options = {});
  int choose(const HandState& state, Rng& rng) const override;
  int score_class(int mine, int theirs) const override { return calls_->score_class(mine, theirs); }
  const PimcOptions& options() const { return options_; }

 private:
  PimcOptions options_;
  std::shared_ptr<const Policy> calls_;  // bidding and doubling
};

// The card of `legal` with the greatest total: `preferred` (a card) among equals when it is one of them, else the
// seed's choice.
int best_card(Hand legal, const long (&total)[kNumCards], int preferred, Rng& rng);

// Adds, for each card of `legal`, what the seat's team takes after it double dummy in the world `hands` to
// `abnat`, and, when `outcome` is given, the hand's game-point margin for that team to `points`.
void add_world_values(const SeatView& view, const Hand (&hands)[kNumSeats], Hand legal, HandOutcome* outcome,
                      long (&points)[kNumCards], long (&abnat)[kNumCards]);

// The solver of the calling thread (one table per thread, made on first use).
Solver& thread_solver();

}  // namespace baloot
