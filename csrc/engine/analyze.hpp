// Monte Carlo analysis of one bidding or doubling decision: every candidate action is played out on
// the same sampled deals with the same random streams (common random numbers), so that differences
// between candidates are much sharper than each candidate's own spread. The sampled deals agree with
// the calls made so far: a deal on which the chosen players would have called otherwise is drawn again.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "kernel/hand.hpp"
#include "players/policy.hpp"

namespace baloot {

struct DecisionQuestion {
  Card deck[kNumCards] = {};  // the deal in dealing order; only positions in `known` are kept
  std::uint32_t known = 0;     // bit p set: deck[p] is known to the deciding seat
  int dealer = 0;
  int scores[2] = {0, 0};
  Rules rules;
  std::vector<int> history;     // actions before the decision
  std::vector<int> candidates;  // actions to compare
  const Policy* players[kNumSeats] = {nullptr, nullptr, nullptr, nullptr};
  std::uint64_t seed = 0;
};

// Outcome flags per (sample, candidate), from the deciding seat's side.
enum OutcomeFlag : std::uint8_t {
  kOwnTeamBought = 1,
  kSeatBought = 2,
  kOwnTeamMade = 4,
  kOwnKaboot = 8,
  kThrownIn = 16,
  kOpponentKaboot = 32,
  kGahwaPlayed = 64,
  kBuyersMade = 128,
};

// The OutcomeFlag bits of a finished hand, from `seat`'s side.
std::uint8_t outcome_flags(const HandState& h, int seat);

// Row-major [samples][candidates] outputs.
struct DecisionOutputs {
  std::int16_t* margin = nullptr;  // own team's points minus the opponents'
  std::uint8_t* flags = nullptr;
  std::int8_t* multiplier = nullptr;
  std::int32_t* draws = nullptr;   // per sample: deals drawn until one agreed with the calls
  std::int16_t* own_points = nullptr;  // own team's points (may be null)
};

// Deals drawn for one sample before it is taken as it comes, the calls unchecked (the last draw).
constexpr int kMaxDraws = 10000;

// A deck with the positions in q.known kept and the other cards shuffled into the rest, drawn with `rng`.
void sample_deck(const DecisionQuestion& q, Rng& rng, Card (&deck)[kNumCards]);

// Plays the hand to its end with one player per seat.
void play_out(HandState& hand, const Policy* const (&players)[kNumSeats], Rng& rng);

// The seat to move once `history` is replayed on a deal; throws RuleError if an action is illegal.
HandState replay(const DecisionQuestion& q, const Card (&deck)[kNumCards]);

// Samples [first, first + count); returns the number of samples completed.
std::int64_t analyze_decision(const DecisionQuestion& q, std::int64_t first, std::int64_t count, int threads,
                              const DecisionOutputs& out, std::atomic<std::int64_t>& done, const std::atomic<bool>& stop);

}  // namespace baloot
