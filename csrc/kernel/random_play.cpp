// The card play of all-random simulations, their hot loop. Each card is a chain of dependent steps
// (legal cards, a draw, the k-th card, the trick's new winner), so two hands can be played in lockstep
// for the processor to work on one while the other waits. The hands, the contract and the host options
// sit in locals (a HandState's own fields would be reloaded after every card written to its log); the
// trick's winner is kept as a running trick_power; every test is a selection rather than a branch: in
// random play each of them is a coin toss the branch predictor loses.
#include "kernel/hand.hpp"

namespace baloot {

// Hokum with its trump known only at run time: lockstep hands in Hokum with different trumps.
constexpr int kAnyTrump = -2;

// One hand of the lockstep loop: what its cards need between two tricks, with the contract's trump
// kTrump a constant, so that every trump test of the kernel folds into constant masks (and away in Sun).
template <int kTrump>
struct HandState::RandomLane {
  HandState* state = nullptr;
  Rng rng;
  int trump = kTrump;  // read only when kTrump is kAnyTrump
  Rules rules;
  Hand hands[kNumSeats] = {};
  unsigned voids = 0;
  int leader = 0;
  std::uint32_t trick = 0;  // the trick's cards, the i-th in byte i
  Hand trick_cards = 0;
  int led = 0;
  // The card winning the trick under its index in the trick under its trick_power, so that one
  // maximum keeps all three (no other card's power ties with the winning card's: only discards tie).
  int winner_key = 0;
  unsigned partner_was_winning = 0;  // bit i: when trick[i] was played (for the voids it shows)

  RandomLane() = default;
  RandomLane(HandState& s, const Rng& stream)
      : state(&s),
        rng(stream),
        trump(s.contract_.trump),
        rules(s.rules_),
        hands{s.hands_[0], s.hands_[1], s.hands_[2], s.hands_[3]},
        voids(s.voids_),
        leader(s.leader_) {}

  Contract contract() const {
    if constexpr (kTrump == kAnyTrump) {
      if (trump == kNoSuit) __builtin_unreachable();
      return Contract{Mode::kHokum, trump};
    } else {
      return Contract{kTrump == kNoSuit ? Mode::kSun : Mode::kHokum, kTrump};
    }
  }

  static int key_of(Card card, int i, int power) { return power << 7 | i << 5 | card; }
  int best() const { return winner_key >> 5 & 3; }  // the index in trick of the card winning it
  Card winning() const { return static_cast<Card>(winner_key & 31); }

  void lead() {
    const Card card = random_card(hands[leader], rng);
    hands[leader] ^= bit(card);
    trick = card;
    trick_cards = bit(card);
    led = suit_of(card);
    winner_key = key_of(card, 0, trick_power(card, led, contract()));
    partner_was_winning = 0;
  }

  template <int i>
  void follow() {
    const int seat = seat_after(leader, i);
    const bool partner_winning = best() == i - 2;
    const Card card = random_card(legal_follows(hands[seat], led, winning(), partner_winning, contract(), rules), rng);
    hands[seat] ^= bit(card);
    trick |= std::uint32_t{card} << (8 * i);
    trick_cards |= bit(card);
    partner_was_winning |= unsigned{partner_winning} << i;
    const int key = key_of(card, i, trick_power(card, led, contract()));
    winner_key = static_cast<int>(choose(key > winner_key, key, winner_key));  // `?:` would be compiled to a branch
  }

  // The voids the trick showed are worked out here, off the chain that links one card to the next.
  void finish_trick(int t) {
    voids |= shown_void_suits(trick, leader, partner_was_winning, contract(), rules);
    const int winner = seat_after(leader, best());
    HandState& s = *state;
    s.won_[team_of(winner)] |= trick_cards;
    ++s.tricks_won_[team_of(winner)];
    s.trick_leaders_[t] = static_cast<std::int8_t>(leader);
    s.trick_winners_[t] = static_cast<std::int8_t>(winner);
    for (int i = 0; i < kNumSeats; ++i) s.play_log_[kNumSeats * t + i] = static_cast<Card>(trick >> (8 * i));
    leader = winner;
  }

  void finish_hand(Rng& stream) {
    HandState& s = *state;
    stream = rng;
    for (Hand& h : s.hands_) h = 0;
    s.played_ = kFullDeck;
    s.voids_ = static_cast<std::uint16_t>(voids);
    s.tricks_played_ = kNumTricks;
    s.leader_ = static_cast<std::int8_t>(leader);
    s.baloot_announced_ = s.baloot_pair_ != 0;
    s.finish_hand();
  }
};

template <int kTrump, int kHands>
void HandState::play_tricks_randomly(HandState* const (&states)[kHands], Rng* const (&streams)[kHands]) {
  RandomLane<kTrump> lanes[kHands];
  for (int h = 0; h < kHands; ++h) lanes[h] = RandomLane<kTrump>(*states[h], *streams[h]);
  for (int t = states[0]->tricks_played_; t < kNumTricks; ++t) {
    for (auto& lane : lanes) lane.lead();
    for (auto& lane : lanes) lane.template follow<1>();
    for (auto& lane : lanes) lane.template follow<2>();
    for (auto& lane : lanes) lane.template follow<3>();
    for (auto& lane : lanes) lane.finish_trick(t);
  }
  for (int h = 0; h < kHands; ++h) lanes[h].finish_hand(*streams[h]);
}

template <int kHands>
void HandState::play_tricks_randomly(HandState* const (&states)[kHands], Rng* const (&streams)[kHands], int trump) {
  switch (trump) {
    case kAnyTrump: return play_tricks_randomly<kAnyTrump, kHands>(states, streams);
    case 0: return play_tricks_randomly<0, kHands>(states, streams);
    case 1: return play_tricks_randomly<1, kHands>(states, streams);
    case 2: return play_tricks_randomly<2, kHands>(states, streams);
    case 3: return play_tricks_randomly<3, kHands>(states, streams);
    default: return play_tricks_randomly<kNoSuit, kHands>(states, streams);
  }
}

// The lockstep loop knows legal_follows alone: a closed hand (R21 variant) and the narrow partner
// exception (R18 variant) need more of the hand, so those hands are played out here, card by card.
void HandState::finish_trick_randomly(Rng& rng) {
  const bool whole_hand = closed_ || rules_.narrow_partner;
  while (phase_ == Phase::kPlaying && (trick_len_ > 0 || whole_hand)) play(random_card(legal_cards(), rng));
}

void HandState::play_randomly(Rng& rng) {
  finish_trick_randomly(rng);
  if (phase_ == Phase::kPlaying) play_tricks_randomly<1>({this}, {&rng}, contract_.trump);
}

void HandState::play_randomly(HandState& a, Rng& a_rng, HandState& b, Rng& b_rng) {
  a.finish_trick_randomly(a_rng);
  b.finish_trick_randomly(b_rng);
  const bool in_step = a.phase_ == Phase::kPlaying && b.phase_ == Phase::kPlaying &&
                       a.contract_.mode == b.contract_.mode && a.tricks_played_ == b.tricks_played_;
  if (in_step) {
    const bool same_trump = a.contract_.trump == b.contract_.trump;
    play_tricks_randomly<2>({&a, &b}, {&a_rng, &b_rng}, same_trump ? a.contract_.trump : kAnyTrump);
  } else {
    a.play_randomly(a_rng);
    b.play_randomly(b_rng);
  }
}

}  // namespace baloot
