// The learned values of the "strong" player, read from a text file shipped with the package
// (baloot/strong.weights; training/train_strong.py writes the bid values, training/train_play.py the
// card-play weights). Each value is in game points: the bid values are the expected gain of a call over
// passing, for the seat's own team, fitted by least squares on bids that were played out on deals
// agreeing with the earlier calls.
#pragma once

#include <string>

#include "kernel/cards.hpp"
#include "players/play_features.hpp"

namespace baloot {

struct StrongWeights {
  // Per-suit parts, indexed by the 8-bit holding of one suit among the buyer's known cards: the
  // trump suit and each side suit of a Hokum, each suit of a Sun.
  double hokum_trump[256] = {};
  double hokum_side[256] = {};
  double sun[256] = {};
  // By bidding round (1, 2) and the seat's place in it (0: the dealer's right-hand neighbour, who
  // speaks first, .. 3: the dealer): the value of a call apart from its cards.
  double hokum_base[2][kNumSeats] = {};
  double sun_base[2][kNumSeats] = {};
  double ashkal_base[2][kNumSeats] = {};
  // Ashkal: the up-card goes to the partner; its part by rank.
  double ashkal_up[kNumRanks] = {};
  // Per abnat of projects among the known cards, Hokum and Sun.
  double hokum_project = 0;
  double sun_project = 0;
  // Card play: per kind of decision (play_features' context), the weights of play_value; the seat plays
  // the card of the highest value (fitted on the game points a card's play-outs took).
  double play[kPlayContexts][kPlayWeights] = {};
};

// Reads and checks a weights file; a RuleError naming the file and what is wrong with it (missing,
// unreadable, not a weights file, a table of the wrong size, a value that is not a finite number). The
// Python package reads its shipped file once and hands the same immutable weights to every strong player.
StrongWeights read_strong_weights(const std::string& path);

}  // namespace baloot
