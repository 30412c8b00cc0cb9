#include "kernel/hand.hpp"

#include <cassert>

namespace baloot {

HandState::HandState(const Card (&deck)[kNumCards], int dealer, const int (&scores)[2], const Rules& rules)
    : rules_(rules), dealer_(static_cast<std::int8_t>(dealer)) {
  for (int i = 0; i < kNumCards; ++i) deck_[i] = deck[i];
  scores_[0] = scores[0];
  scores_[1] = scores[1];
  for (int packet = 0; packet < kNumSeats; ++packet) {
    const int seat = seat_after(dealer, packet + 1);
    for (int i = 0; i < kFirstCards; ++i) hands_[seat] |= bit(deck_[first_card_position(packet, i)]);
  }
  start_round(1);
}

HandState HandState::random_deal(Rng& rng, int dealer, const int (&scores)[2], const Rules& rules) {
  Card deck[kNumCards];
  for (int i = 0; i < kNumCards; ++i) deck[i] = static_cast<Card>(i);
  // Fisher-Yates, two draws from each 64-bit output (Lemire's multiply-shift on each half).
  auto swap_with_below = [&deck](int i, std::uint32_t bits) {
    const int j = static_cast<int>((static_cast<std::uint64_t>(bits) * static_cast<std::uint32_t>(i + 1)) >> 32);
    const Card t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  };
  for (int i = kNumCards - 1; i > 1; i -= 2) {
    const std::uint64_t bits = rng.next();
    swap_with_below(i, static_cast<std::uint32_t>(bits >> 32));
    swap_with_below(i - 1, static_cast<std::uint32_t>(bits));
  }
  swap_with_below(1, static_cast<std::uint32_t>(rng.next() >> 32));
  return HandState(deck, dealer, scores, rules);
}

void HandState::force_contract(const Contract& contract) {
  contract_ = contract;
  buyer_ = static_cast<std::int8_t>(seat_after(dealer_));
  ashkal_ = false;
  complete_deal();
  start_play();
}

// ---- Legal actions -------------------------------------------------------------------------------

ActionMask HandState::legal_actions() const {
  switch (phase_) {
    case Phase::kBidding:
      return bidding_actions();
    case Phase::kDoubling:
      return doubling_actions();
    case Phase::kPlaying:
      return legal_cards();
    case Phase::kOver:
      break;
  }
  return 0;
}

// R13, and its variant: in round 2 only the seat after the dealer (the first to speak), holding an ace,
// may call Sun.
bool HandState::may_sun(int seat) const {
  if (round_ == 1 || rules_.round2_sun == Round2Sun::kAnyone) return true;
  return seat == seat_after(dealer_, 1) && (hands_[seat] & rank_mask(kAce));
}

bool HandState::may_ashkal(int seat) const {
  return rules_.ashkal && rank_of(up_card()) != kAce && (seat == dealer_ || seat == seat_after(dealer_, 3));
}

// Kawesh: the five cards first dealt hold no ace, king, queen or jack (only 7s, 8s, 9s and 10s).
bool HandState::may_kawesh(int seat) const {
  constexpr Hand kSevenToTen = 0x0F0F0F0Fu;
  return rules_.kawesh && !(hands_[seat] & ~kSevenToTen);
}

ActionMask HandState::bidding_actions() const {
  const ActionMask sun_calls =
      may_sun(to_move_) ? action_bit(kSun) | (may_ashkal(to_move_) ? action_bit(kAshkal) : 0) : 0;
  switch (stage_) {
    case BidStage::kTurns: {
      ActionMask mask = action_bit(kPass) | sun_calls;
      if (round_ == 1) return mask | action_bit(kHokum) | (may_kawesh(to_move_) ? action_bit(kKawesh) : 0);
      for (int suit = 0; suit < kNumSuits; ++suit)
        if (suit != suit_of(up_card())) mask |= action_bit(kHokumSuit + suit);
      return mask;
    }
    case BidStage::kOverHokum:
      return action_bit(kPass) | sun_calls;
    case BidStage::kPriority:
      return action_bit(kPass) | action_bit(kSun);
    case BidStage::kHokumConfirm:
      return action_bit(round_ == 1 ? kHokum : kHokumSuit + hokum_suit_) | (may_sun(to_move_) ? action_bit(kSun) : 0);
  }
  return 0;
}

// R21 variant: the doubling side's raises (Double, Four) may close a Hokum hand.
ActionMask HandState::doubling_actions() const {
  static constexpr int kRaise[] = {0, kDouble, kThree, kFour, kGahwa};
  static constexpr int kClosedRaise[] = {0, kDoubleClosed, 0, kFourClosed, 0};
  const bool may_close = rules_.closed_double && contract_.mode == Mode::kHokum && kClosedRaise[multiplier_];
  return action_bit(kPass) | action_bit(kRaise[multiplier_]) | (may_close ? action_bit(kClosedRaise[multiplier_]) : 0);
}

// ---- Applying actions ----------------------------------------------------------------------------

void HandState::apply(int action) {
  assert(is_legal(action));
  switch (phase_) {
    case Phase::kBidding:
      apply_bid(action);
      break;
    case Phase::kDoubling:
      apply_double(action);
      break;
    case Phase::kPlaying:
      play(static_cast<Card>(action));
      break;
    case Phase::kOver:
      break;
  }
}

void HandState::apply_bid(int action) {
  const int seat = to_move_;
  last_bid_[seat] = static_cast<std::int8_t>(action);
  const bool sun_call = action == kSun || action == kAshkal;
  switch (stage_) {
    case BidStage::kTurns:
      spoken_ |= static_cast<std::uint8_t>(1u << seat);
      if (sun_call) return call_sun(seat, action == kAshkal);
      if (action == kKawesh) return throw_in();
      if (action == kHokum) return call_hokum(seat, suit_of(up_card()));
      if (action != kPass) return call_hokum(seat, action - kHokumSuit);
      if (spoken_ != 0xF) {
        to_move_ = static_cast<std::int8_t>(seat_after(seat));
      } else if (round_ == 1) {
        start_round(2);
      } else {
        throw_in();
      }
      return;
    case BidStage::kOverHokum:
      spoken_ |= static_cast<std::uint8_t>(1u << seat);
      if (sun_call) return call_sun(seat, action == kAshkal);
      return next_in_queue();
    case BidStage::kPriority:
      if (action == kSun) return set_contract(Mode::kSun, kNoSuit, seat, false);
      return next_in_queue();
    case BidStage::kHokumConfirm:
      if (action == kSun) return set_contract(Mode::kSun, kNoSuit, seat, false);
      return set_contract(Mode::kHokum, hokum_suit_, seat, false);
  }
}

void HandState::start_round(int round) {
  round_ = static_cast<std::uint8_t>(round);
  stage_ = BidStage::kTurns;
  spoken_ = 0;
  hokum_caller_ = kNoSeat;
  hokum_suit_ = kNoSuit;
  to_move_ = static_cast<std::int8_t>(seat_after(dealer_));
}

// R7 (round 1: every other seat, from the caller's left) and R13 (round 2: only seats yet to speak).
void HandState::call_hokum(int seat, int suit) {
  hokum_caller_ = static_cast<std::int8_t>(seat);
  hokum_suit_ = static_cast<std::int8_t>(suit);
  stage_ = BidStage::kOverHokum;
  queue_len_ = 0;
  queue_pos_ = 0;
  for (int step = 1; step < kNumSeats; ++step) {
    const int other = seat_after(seat, step);
    if (round_ == 2 && (spoken_ >> other & 1)) break;
    queue_[queue_len_++] = static_cast<std::uint8_t>(other);
  }
  if (queue_len_ == 0) return queue_exhausted();
  to_move_ = static_cast<std::int8_t>(queue_[0]);
}

// R9: earlier speakers of this round, from its first speaker, may take the call with their own Sun
// (in its variant, only the Hokum caller is asked; in the round-2 Sun variant, only seats that may call Sun).
// R14: after a round-2 Hokum nobody who spoke before may call Sun, so nobody is asked.
void HandState::call_sun(int seat, bool ashkal) {
  pending_caller_ = static_cast<std::int8_t>(seat);
  pending_ashkal_ = ashkal;
  stage_ = BidStage::kPriority;
  queue_len_ = 0;
  queue_pos_ = 0;
  const bool offered = rules_.sun_priority && !(round_ == 2 && hokum_caller_ != kNoSeat);
  for (int step = 1; offered && step <= kNumSeats; ++step) {
    const int other = seat_after(dealer_, step);
    const bool asked = rules_.priority_to == PriorityTo::kEarlier || other == hokum_caller_;
    if (other != seat && (spoken_ >> other & 1) && asked && may_sun(other))
      queue_[queue_len_++] = static_cast<std::uint8_t>(other);
  }
  if (queue_len_ == 0) return queue_exhausted();
  to_move_ = static_cast<std::int8_t>(queue_[0]);
}

void HandState::next_in_queue() {
  if (++queue_pos_ == queue_len_) return queue_exhausted();
  to_move_ = static_cast<std::int8_t>(queue_[queue_pos_]);
}

void HandState::queue_exhausted() {
  if (stage_ == BidStage::kPriority) return set_contract(Mode::kSun, kNoSuit, pending_caller_, pending_ashkal_);
  if (rules_.hokum_to_sun) {
    stage_ = BidStage::kHokumConfirm;
    to_move_ = hokum_caller_;
    return;
  }
  set_contract(Mode::kHokum, hokum_suit_, hokum_caller_, false);
}

// R30, and its variants where exactly 100 counts for the buyers, the defenders or both.
bool sun_may_be_doubled(const Rules& rules, int buyers_score, int defenders_score) {
  const SunDoubleAt100 at = rules.sun_double_at_100;
  const int buyers_at_100 = at == SunDoubleAt100::kBuyers || at == SunDoubleAt100::kBoth;
  const int defenders_at_100 = at == SunDoubleAt100::kDefenders || at == SunDoubleAt100::kBoth;
  return buyers_score + buyers_at_100 > 100 && defenders_score - defenders_at_100 < 100;
}

bool HandState::sun_may_be_doubled() const {
  const int team = team_of(buyer_);
  return baloot::sun_may_be_doubled(rules_, scores_[team], scores_[1 - team]);
}

void HandState::set_contract(Mode mode, int trump, int buyer, bool ashkal) {
  contract_ = Contract{mode, trump};
  buyer_ = static_cast<std::int8_t>(buyer);
  ashkal_ = ashkal;
  if (mode == Mode::kHokum || sun_may_be_doubled()) {
    if (rules_.double_after_deal) complete_deal();
    phase_ = Phase::kDoubling;
    to_move_ = static_cast<std::int8_t>(seat_after(buyer));
    return;
  }
  complete_deal();
  start_play();
}

// R29-R31: a defender doubles, the buyer may answer Three, the doubler Four, the buyer Gahwa. Under
// the R21 variant each raise leaves the hand closed or open: the doubling side's closed calls close it,
// the buyers' Three and Gahwa open it again.
void HandState::apply_double(int action) {
  const int seat = to_move_;
  if (action == kPass) {
    if (multiplier_ == 1 && seat == seat_after(buyer_)) {
      to_move_ = static_cast<std::int8_t>(seat_after(buyer_, 3));
      return;
    }
    return finish_doubling();
  }
  closed_ = action == kDoubleClosed || action == kFourClosed;
  if (action == kGahwa) {
    gahwa_ = true;
    return finish_doubling();
  }
  ++multiplier_;
  if (action == kDouble || action == kDoubleClosed) doubler_ = static_cast<std::int8_t>(seat);
  if (contract_.mode == Mode::kSun) return finish_doubling();
  to_move_ = action == kThree ? doubler_ : buyer_;
}

// R29 (or its variant, where the cards were dealt before the chain).
void HandState::finish_doubling() {
  if (!rules_.double_after_deal) complete_deal();
  start_play();
}

// R3: the up-card's holder gets 2 more cards, everyone else 3, in play order from the dealer's next.
void HandState::complete_deal() {
  const int holder = up_card_holder();
  hands_[holder] |= bit(up_card());
  int next = kRestStart;
  for (int step = 1; step <= kNumSeats; ++step) {
    const int seat = seat_after(dealer_, step);
    const int n = seat == holder ? 2 : 3;
    for (int i = 0; i < n; ++i) hands_[seat] |= bit(deck_[next++]);
  }
}

// R5, R27, R28: the dealer's next leads; projects and Baloot are fixed by the eight cards now held.
void HandState::start_play() {
  phase_ = Phase::kPlaying;
  leader_ = static_cast<std::int8_t>(seat_after(dealer_));
  to_move_ = leader_;
  for (int seat = 0; seat < kNumSeats; ++seat) projects_[seat] = best_projects(hands_[seat], contract_.mode);
  project_outcome_ = compare_projects(projects_, leader_);
  baloot_seat_ = static_cast<std::int8_t>(baloot_holder(hands_, contract_, projects_, project_outcome_, rules_));
  if (baloot_seat_ != kNoSeat) baloot_pair_ = bit(make_card(contract_.trump, kKing)) | bit(make_card(contract_.trump, kQueen));
}

void HandState::play(Card card) {
  assert(phase_ == Phase::kPlaying && (legal_cards() & bit(card)));
  const int seat = to_move_;
  Card* trick = play_log_ + kNumSeats * tricks_played_;
  const bool sure = !rules_.narrow_partner || partner_sure(trick, trick_len_, played_, contract_);
  hands_[seat] &= ~bit(card);
  played_ |= bit(card);
  if (trick_len_ == 0 && closed_ && contract_.is_trump(card))  // a closed hand's trump lead: nothing else held
    voids_ |= static_cast<std::uint16_t>((0xFu ^ 1u << contract_.trump) << (4 * seat));
  if (trick_len_ > 0) {
    const bool partner_winning = trick_best_ == trick_len_ - 2 && sure;
    const unsigned shown = shown_void_suits(card, suit_of(trick[0]), partner_winning, contract_, rules_);
    voids_ |= static_cast<std::uint16_t>(shown << (4 * seat));
    const bool takes = beats(card, trick[trick_best_], contract_);
    trick_best_ = static_cast<std::uint8_t>(choose(takes, trick_len_, trick_best_));
  }
  trick[trick_len_++] = card;
  if (bit(card) & baloot_pair_) baloot_announced_ = (played_ & baloot_pair_) == baloot_pair_;
  if (trick_len_ == kNumSeats) return finish_trick();
  to_move_ = static_cast<std::int8_t>(seat_after(seat));
}

void HandState::finish_trick() {
  const int winner = seat_after(leader_, trick_best_);
  const int team = team_of(winner);
  const Card* trick = play_log_ + kNumSeats * tricks_played_;
  won_[team] |= bit(trick[0]) | bit(trick[1]) | bit(trick[2]) | bit(trick[3]);
  ++tricks_won_[team];
  trick_leaders_[tricks_played_] = leader_;
  trick_winners_[tricks_played_] = static_cast<std::int8_t>(winner);
  ++tricks_played_;
  trick_len_ = 0;
  trick_best_ = 0;
  leader_ = static_cast<std::int8_t>(winner);
  to_move_ = leader_;
  if (tricks_played_ == kNumTricks) finish_hand();
}

ScoreInput HandState::score_input() const {
  ScoreInput in;
  in.mode = contract_.mode;
  in.buyers = buyers();
  for (int team = 0; team < 2; ++team) {
    in.abnat[team] = abnat(team);
    in.tricks[team] = tricks_won_[team];
    in.projects[team] = project_outcome_.abnat[team];
  }
  if (baloot_seat_ != kNoSeat) in.baloot[team_of(baloot_seat_)] = 1;
  in.multiplier = multiplier_;
  in.gahwa = gahwa_;
  return in;
}

void HandState::finish_hand() {
  score_ = score_hand(score_input(), rules_);
  phase_ = Phase::kOver;
  to_move_ = kNoSeat;
}

void HandState::throw_in() {
  thrown_in_ = true;
  phase_ = Phase::kOver;
  to_move_ = kNoSeat;
}

}  // namespace baloot
