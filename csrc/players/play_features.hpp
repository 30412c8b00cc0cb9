// What the learned card play of the "strong" player weighs about each card a seat may play: the facts a
// club player reads (what the card carries, whether it takes the trick and surely, what it leaves in the
// hand, what a lead offers the partner or the other team), all read through the SeatView.
#pragma once

#include "players/policy.hpp"

namespace baloot {

enum PlayFeature {
  kIsUsual,          // the card the expert player would play
  kAbnat,            // the card's abnat / 10
  kIsTrump,
  kStrengthInSuit,         // its strength within its suit / 7
  kIsMaster,         // no card this seat cannot see beats it in its suit
  kHigherOut,        // cards of its suit above it that this seat cannot see / 3
  kSuitLength,       // this seat's cards of its suit / 8
  kWeakestOfSuit,    // the seat's weakest card of the suit
  kStrongestOfSuit,  // the seat's strongest card of the suit
  kLastOfSuit,       // the seat's only card of the suit
  kMakesRuffingVoid,  // Hokum: a side singleton, with trumps left to ruff the suit later
  kBaresTen,         // leaves a 10 alone in its suit while the ace is out
  kTenUnderAce,      // a 10 whose ace is out
  kTrumpsLeft,       // Hokum: the seat's trumps after this card / 8
  kFollowsSuit,
  kRuffs,
  kDiscards,
  kWinsNow,          // takes the trick on the table (a lead: always)
  kWinsSurely,       // ... and no opponent yet to play may beat it
  kTeamSurely,       // the seat's team is sure to take the trick after this card
  kLostSurely,       // the other team is sure to take the trick after this card
  kGivesAbnat,       // abnat given to a trick the team is sure of / 10
  kThrowsAbnat,      // abnat thrown to a trick the other team is sure of / 10
  kTakesTrickAbnat,  // abnat on the table taken by this card (the last trick's 10 too) / 20
  kTakesSurely,      // ... by a card sure to win / 20
  kTeamTakes,        // ... by the team surely / 20
  kRisksAbnat,       // abnat of a winning card an opponent may still beat / 10
  kTrumpsPartner,    // a trump on a trick the partner is winning
  kOvertakesPartner,  // takes the trick from the partner
  kWastesStrength,   // a weaker card of its suit would win as well (a lead: would be a master as well)
  kDropsMaster,      // a master that does not take this trick
  kOpponentRuffs,    // a lead in a side suit an opponent may ruff
  kPartnerRuffs,     // a lead in a side suit the partner may ruff
  kDrawsTrumps,      // a trump lead while an opponent may hold trumps
  kPartnerLedSuit,   // a suit the partner led earlier
  kOpponentLedSuit,  // a suit an opponent led earlier
  kSuitOut,          // cards of its suit this seat cannot see / 8
  kLateTrump,        // a trump with three tricks or fewer left
  kLateAbnat,        // abnat / 10 with two tricks or fewer left
  kNumPlayFeatures
};
constexpr int kPlayFeatures = kNumPlayFeatures;

// The names of the features, in order (for the weights file and the training script).
extern const char* const kPlayFeatureNames[kPlayFeatures];

// Each kind of decision has its own weights: Sun or Hokum, the seat's place in the trick, whether its
// team bought.
constexpr int kPlayContexts = 2 * kNumSeats * 2;
// A card's value is quadratic in its features: a weight per feature, then one per pair of features
// (i <= j, in the order i, then j).
constexpr int kPlayWeights = kPlayFeatures + kPlayFeatures * (kPlayFeatures + 1) / 2;

struct PlayFeatures {
  int context;
  int count;                    // cards that may be played, in card order
  Card card[kNumRanks];
  float x[kNumRanks][kPlayFeatures];
};

// The features of each card of `legal` (two cards or more, all in the seat's hand); `usual` is the card
// the expert player would play.
void play_features(const SeatView& v, Hand legal, Card usual, PlayFeatures& out);

// The value of a card of features `x` under the kPlayWeights `weights` of its decision's context.
float play_value(const float* weights, const float* x);

}  // namespace baloot
