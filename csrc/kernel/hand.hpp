// The state machine of one hand (R1-R16, R27-R33): deal, two bidding rounds with Sun priority and
// Ashkal, the doubling chain, the completion of the deal, eight tricks and the score.
// A HandState is a small value with no heap: copying it is how search explores alternatives.
#pragma once

#include <cstdint>

#include "kernel/cards.hpp"
#include "kernel/projects.hpp"
#include "kernel/rng.hpp"
#include "kernel/rules.hpp"
#include "kernel/scoring.hpp"

namespace baloot {

// Actions: a card 0..31, then the calls.
enum Action : int {
  kPass = 32,
  kHokum = 33,      // round 1: the up-card's suit
  kHokumSuit = 34,  // round 2: kHokumSuit + suit
  kSun = 38,
  kAshkal = 39,
  kDouble = 40,
  kThree = 41,
  kFour = 42,
  kGahwa = 43,
  kDoubleClosed = 44,  // R21 variant: Double, and the hand closed to trump leads
  kFourClosed = 45,    // R21 variant: Four, and the hand closed to trump leads
  kKawesh = 46,        // a redeal asked for five cards with no ace and no picture card
};
constexpr int kNumActions = 47;
constexpr int kNoAction = -1;
using ActionMask = std::uint64_t;
constexpr ActionMask action_bit(int action) { return ActionMask{1} << action; }

enum class Phase : std::uint8_t { kBidding, kDoubling, kPlaying, kOver };

// Where the bidding stands inside a round.
enum class BidStage : std::uint8_t {
  kTurns,         // each seat speaks once in play order
  kOverHokum,     // after a Hokum: the seats that may still call Sun over it (R7, R13)
  kPriority,      // after a Sun or Ashkal: earlier speakers may take it with their own Sun (R9, R14)
  kHokumConfirm,  // R8 variant: the unchallenged Hokum caller keeps Hokum or switches to Sun
};

// Positions in a 32-card deck given in dealing order (docs/api.md): packets of 3, packets of 2, up-card, rest.
constexpr int kFirstPacketEnd = 12;
constexpr int kUpCardIndex = 20;
constexpr int kRestStart = 21;
constexpr int kFirstCards = 5;  // the cards of a seat's two packets, which it bids on
// The packets go round from the dealer's next seat (packet 0) to the dealer (packet 3).
constexpr int packet_of(int seat, int dealer) { return (seat - dealer + kNumSeats - 1) % kNumSeats; }
// The deck position of card i (0..kFirstCards-1) of the seat with packet `packet`: its packet of 3, then of 2.
constexpr int first_card_position(int packet, int i) {
  return i < 3 ? 3 * packet + i : kFirstPacketEnd + 2 * packet + i - 3;
}

// A uniformly random card of `legal` (not empty): its k-th lowest card for one draw of k.
inline Card random_card(Hand legal, Rng& rng) {
  assert(legal != 0);
  return nth_card(legal, static_cast<int>(rng.below(static_cast<std::uint32_t>(count(legal)))));
}

// R30, and its variants where exactly 100 counts for the buyers, the defenders or both: whether a Sun may
// be doubled with these match scores before the hand.
bool sun_may_be_doubled(const Rules& rules, int buyers_score, int defenders_score);

class HandState {
 public:
  HandState() = default;
  // Deals `deck` (dealing order) with `dealer` dealing; `scores` are the match scores before the hand.
  HandState(const Card (&deck)[kNumCards], int dealer, const int (&scores)[2], const Rules& rules);
  static HandState random_deal(Rng& rng, int dealer, const int (&scores)[2], const Rules& rules);
  // Skips bidding and doubling: the first bidder buys `contract` (R5 lead unchanged).
  void force_contract(const Contract& contract);

  ActionMask legal_actions() const;
  bool is_legal(int action) const { return action >= 0 && action < kNumActions && (legal_actions() >> action & 1); }
  // Applies an action known to be legal.
  void apply(int action);
  // Plays a card known to be legal (the fast path of simulations).
  void play(Card card);
  // Plays the rest of the hand with uniformly random legal cards (random_card): the same hand, card for
  // card, as play(random_card(legal_cards(), rng)) until it is over, in one tight loop.
  void play_randomly(Rng& rng);
  // The same for two hands, each with its own stream, their cards interleaved: faster than two calls.
  static void play_randomly(HandState& a, Rng& a_rng, HandState& b, Rng& b_rng);
  Hand legal_cards() const {
    return legal_plays(hands_[to_move_], trick(), trick_len_, trick_best_, played_, closed_, contract_, rules_);
  }

  // Queries.
  Phase phase() const { return phase_; }
  int to_move() const { return to_move_; }
  int dealer() const { return dealer_; }
  Card up_card() const { return deck_[kUpCardIndex]; }
  const Card (&deck() const)[kNumCards] { return deck_; }
  Hand hand(int seat) const { return hands_[seat]; }
  const Rules& rules() const { return rules_; }
  int score_before(int team) const { return scores_[team]; }
  int round() const { return round_; }
  BidStage bid_stage() const { return stage_; }
  int hokum_caller() const { return hokum_caller_; }
  // The seat's latest bidding action (a call or a pass), or kNoAction before it has spoken.
  int last_bid(int seat) const { return last_bid_[seat]; }
  bool has_contract() const { return buyer_ != kNoSeat; }
  const Contract& contract() const { return contract_; }
  int buyer() const { return buyer_; }
  int buyers() const { return team_of(buyer_); }
  bool ashkal() const { return ashkal_; }
  int multiplier() const { return multiplier_; }
  bool gahwa() const { return gahwa_; }
  // R21 variant: the last raise closed the hand, so no trump may be led while the leader holds another suit.
  bool closed() const { return closed_; }
  int doubler() const { return doubler_; }
  int up_card_holder() const { return ashkal_ ? partner_of(buyer_) : buyer_; }
  int leader() const { return leader_; }
  int trick_len() const { return trick_len_; }
  int trick_best() const { return trick_best_; }  // index of the card winning the trick on the table
  Card trick_card(int i) const { return trick()[i]; }
  const Card* trick() const { return play_log_ + kNumSeats * tricks_played_; }
  int tricks_played() const { return tricks_played_; }
  Card played_card(int i) const { return play_log_[i]; }  // i-th card played in the hand
  int trick_leader(int t) const { return trick_leaders_[t]; }
  int trick_winner_seat(int t) const { return trick_winners_[t]; }
  Hand played() const { return played_; }
  // Suits each seat has shown it lacks, bit 4 * seat + suit: it did not follow the led suit, or, in
  // Hokum, it neither followed nor trumped when nothing excused it (R17, R18).
  std::uint16_t shown_voids() const { return voids_; }
  // The seat whose Sun or Ashkal call awaits the Sun-priority answers (R9), or kNoSeat.
  int pending_caller() const { return stage_ == BidStage::kPriority ? pending_caller_ : kNoSeat; }
  // Card abnat the team has taken so far, the last-trick 10 included once the hand is over.
  int abnat(int team) const {
    const bool last = tricks_played_ == kNumTricks && team_of(trick_winners_[kNumTricks - 1]) == team;
    return hand_abnat(won_[team], contract_) + (last ? kLastTrickAbnat : 0);
  }
  Hand won(int team) const { return won_[team]; }
  int tricks_won(int team) const { return tricks_won_[team]; }
  const ProjectSet& projects(int seat) const { return projects_[seat]; }
  const ProjectOutcome& project_outcome() const { return project_outcome_; }
  int baloot_seat() const { return baloot_seat_; }
  bool baloot_announced() const { return baloot_announced_; }
  bool thrown_in() const { return thrown_in_; }
  const HandScore& score() const { return score_; }
  ScoreInput score_input() const;

 private:
  // One private function per phase.
  void apply_bid(int action);
  void apply_double(int action);
  ActionMask bidding_actions() const;
  ActionMask doubling_actions() const;

  bool may_sun(int seat) const;
  bool may_ashkal(int seat) const;
  bool may_kawesh(int seat) const;
  void start_round(int round);
  void call_hokum(int seat, int suit);
  void call_sun(int seat, bool ashkal);
  void next_in_queue();
  void queue_exhausted();
  void set_contract(Mode mode, int trump, int buyer, bool ashkal);
  bool sun_may_be_doubled() const;
  void complete_deal();
  void finish_doubling();
  void start_play();
  void finish_trick();
  void finish_hand();
  void throw_in();
  // play_randomly's parts: up to the end of the trick on the table (of the hand, when its legal cards
  // need more than legal_follows), then the lockstep loop over whole tricks of kHands hands under one
  // contract (its trump suit, kNoSuit in Sun), all at the same trick.
  void finish_trick_randomly(Rng& rng);
  template <int kTrump>
  struct RandomLane;
  template <int kTrump, int kHands>
  static void play_tricks_randomly(HandState* const (&states)[kHands], Rng* const (&streams)[kHands]);
  template <int kHands>
  static void play_tricks_randomly(HandState* const (&states)[kHands], Rng* const (&streams)[kHands], int trump);

  Card deck_[kNumCards] = {};
  Hand hands_[kNumSeats] = {};
  Rules rules_;
  int scores_[2] = {0, 0};
  Phase phase_ = Phase::kBidding;
  std::int8_t dealer_ = 0;
  std::int8_t to_move_ = 0;

  // Bidding.
  std::uint8_t round_ = 1;
  BidStage stage_ = BidStage::kTurns;
  std::uint8_t spoken_ = 0;  // seats that have spoken in this round
  std::int8_t hokum_caller_ = kNoSeat;
  std::int8_t hokum_suit_ = kNoSuit;
  std::int8_t pending_caller_ = kNoSeat;  // the Sun or Ashkal call awaiting priority answers
  bool pending_ashkal_ = false;
  std::uint8_t queue_[kNumSeats] = {};
  std::uint8_t queue_len_ = 0;
  std::uint8_t queue_pos_ = 0;
  std::int8_t last_bid_[kNumSeats] = {kNoAction, kNoAction, kNoAction, kNoAction};

  // Contract and doubling.
  Contract contract_;
  std::int8_t buyer_ = kNoSeat;
  bool ashkal_ = false;
  std::uint8_t multiplier_ = 1;
  bool gahwa_ = false;
  bool closed_ = false;
  std::int8_t doubler_ = kNoSeat;

  // Play. The trick on the table is the last partial group of four in play_log_.
  std::uint8_t trick_len_ = 0;
  std::uint8_t trick_best_ = 0;
  std::int8_t leader_ = kNoSeat;
  std::uint8_t tricks_played_ = 0;
  Hand played_ = 0;
  std::uint16_t voids_ = 0;
  Card play_log_[kNumCards + kNumSeats] = {};  // room for an empty trick after the last one
  std::int8_t trick_leaders_[kNumTricks] = {};
  std::int8_t trick_winners_[kNumTricks] = {};
  Hand won_[2] = {0, 0};  // cards taken by each team
  std::uint8_t tricks_won_[2] = {0, 0};
  ProjectSet projects_[kNumSeats];
  ProjectOutcome project_outcome_;
  std::int8_t baloot_seat_ = kNoSeat;
  Hand baloot_pair_ = 0;  // the K and Q of trump when a seat holds both
  bool baloot_announced_ = false;

  // Result.
  bool thrown_in_ = false;
  HandScore score_;
};

}  // namespace baloot
