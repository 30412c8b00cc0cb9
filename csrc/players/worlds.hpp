// The worlds of the hidden cards that every search player shares: what the seat to move knows about the
// cards it cannot see, uniform deals of them that agree with it, and the hand replayed in such a world.
#pragma once

#include "players/policy.hpp"

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
  Hand played[kNumSeats] = {};     // cards each seat has played, the trick on the table included
  int tricks[2] = {};              // tricks each team has taken
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

// The hand as it went so far in a world of the hidden cards: the world's deal, the calls that give the
// real contract, buyer and doubling, and the cards played so far. Used to ask how a built-in player
// would have played in that world.
class WorldReplay {
 public:
  // `calls`: the surprises a world counts whose calls the model would not have made (0: calls not checked).
  WorldReplay(const SeatView& view, const HiddenCards& hidden, int calls = 0);
  bool usable() const { return usable_; }  // whether the calls could be rebuilt (never false by the rules)
  // How many of the other team's plays so far (each with a choice) `model` would not have made in the
  // world whose remaining hands are `hands`, with `calls` more when `model`, making the other team's calls
  // from the deal, would not have made the real ones; counting stops above `limit`.
  int surprises(const Policy& model, const Hand (&hands)[kNumSeats], int limit) const;
  // The same count, with `state` left at the seat's decision in that world when the count is at most
  // `limit` (unspecified otherwise).
  int rebuild(const Policy& model, const Hand (&hands)[kNumSeats], int limit, HandState& state) const;

 private:
  bool calls_into(HandState& state) const;
  // Whether `model` makes the other team's calls of the real hand in the world of `dealt` (the eight cards
  // each seat was dealt) for some of a few draws of the five cards each seat bid on.
  bool calls_fit_some_split(const Policy& model, const Hand (&dealt)[kNumSeats]) const;
  const SeatView& view_;
  const HiddenCards& hidden_;
  int calls_ = 0;
  int plays_ = 0;  // cards played so far
  bool usable_ = false;
};

}  // namespace baloot
