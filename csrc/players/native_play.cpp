#include "players/native_play.hpp"

#include <cassert>
#include <cstddef>
#include <cstring>

namespace baloot {

// The header's numbers are the core's (unary + compares them as ints).
static_assert(+BALOOT_PASS == +kPass && +BALOOT_HOKUM == +kHokum && +BALOOT_HOKUM_SUIT == +kHokumSuit &&
              +BALOOT_SUN == +kSun && +BALOOT_ASHKAL == +kAshkal && +BALOOT_DOUBLE == +kDouble &&
              +BALOOT_THREE == +kThree && +BALOOT_FOUR == +kFour && +BALOOT_GAHWA == +kGahwa &&
              +BALOOT_DOUBLE_CLOSED == +kDoubleClosed && +BALOOT_FOUR_CLOSED == +kFourClosed &&
              +BALOOT_KAWESH == +kKawesh && +BALOOT_NUM_ACTIONS == kNumActions);
static_assert(BALOOT_PLAYING == static_cast<int>(Phase::kPlaying) &&
              BALOOT_HOKUM_CONFIRM == static_cast<int>(BidStage::kHokumConfirm));

void fill_view(const HandState& state, baloot_view& out) {
  const SeatView v(state);
  std::memset(out.reserved, 0, sizeof out.reserved);
  out.version = BALOOT_VIEW_VERSION;
  out.size = sizeof(baloot_view);
  out.legal = v.legal_actions();
  out.hand = v.hand();
  out.played = v.played();
  out.seat = v.seat();
  out.dealer = v.dealer();
  out.phase = static_cast<int>(v.phase());
  out.round = v.round();
  out.bid_stage = static_cast<int>(v.bid_stage());
  out.up_card = v.up_card();
  out.hokum_caller = v.hokum_caller();
  out.pending_caller = v.pending_caller();
  out.has_contract = v.has_contract();
  out.mode = v.has_contract() ? static_cast<int>(v.contract().mode) : -1;
  out.trump = v.has_contract() ? v.contract().trump : kNoSuit;
  out.buyer = v.has_contract() ? v.buyer() : kNoSeat;
  out.up_card_holder = v.has_contract() ? v.up_card_holder() : kNoSeat;
  out.multiplier = v.multiplier();
  out.doubler = v.doubler();
  out.leader = v.leader();
  out.trick_len = v.trick_len();
  out.trick_best = v.trick_best();
  out.tricks_played = v.tricks_played();
  // The play so far is one array in play order, the trick on the table its last partial group of four.
  // Fixed-length loops that read every entry and mask the unplayed ones to -1 compile to a few vector
  // instructions (the play log has room for 36 cards, so 32 can always be read).
  const Card* log = v.trick() - kNumSeats * v.tricks_played();
  const int played = kNumSeats * v.tricks_played() + v.trick_len();
  for (int i = 0; i < kNumCards; ++i) {
    const Card card = log[i];
    out.played_cards[i] = static_cast<std::int8_t>(i < played ? card : -1);
  }
  for (int i = 0; i < kNumSeats; ++i) {
    const Card card = v.trick()[i];
    out.trick[i] = static_cast<std::int8_t>(i < v.trick_len() ? card : -1);
  }
  for (int t = 0; t < kNumTricks; ++t) {
    const int leader = v.trick_leader(t);
    out.trick_leaders[t] = static_cast<std::int8_t>(t < v.tricks_played() ? leader : -1);
  }
  out.shown_voids = v.shown_voids();
  for (int team = 0; team < 2; ++team) {
    out.abnat[team] = v.abnat(team);
    out.scores[team] = v.score_before(team);
  }
}

int NativePolicy::choose(const HandState& state, Rng& rng) const {
  baloot_view view;  // fill_view writes every field
  fill_view(state, view);
  return choose(view, rng);
}

void NativePolicy::refuse(const baloot_view& view, int action) const {
  throw IllegalActionError("native player " + name_ + " chose action " + std::to_string(action) + " for seat " +
                           std::to_string(view.seat) + ", which is not legal now");
}

TablePlayers::TablePlayers(const Policy* const (&seats)[kNumSeats], bool shared_view) {
  for (int seat = 0; seat < kNumSeats; ++seat) {
    players[seat] = seats[seat];
    native[seat] = shared_view ? dynamic_cast<const NativePolicy*>(seats[seat]) : nullptr;
    any_native = any_native || native[seat];
  }
}

namespace {

#ifndef NDEBUG
// Whether the view kept up to date says what a view filled afresh would (the bytes up to the tail padding).
bool is_fresh(const baloot_view& view, const HandState& hand) {
  baloot_view fresh;
  fill_view(hand, fresh);
  return std::memcmp(&view, &fresh, offsetof(baloot_view, reserved) + sizeof view.reserved) == 0;
}
#endif

// Brings `view` up to date after `card` was played in `hand`: what a card changes, and at the end of a
// trick what the trick changes. The seat, its hand and its legal actions are the next caller's to set.
void after_card(baloot_view& view, const HandState& hand, Card card) {
  view.played_cards[kNumSeats * view.tricks_played + view.trick_len] = static_cast<std::int8_t>(card);
  view.played = hand.played();
  view.shown_voids = hand.shown_voids();
  view.leader = hand.leader();
  view.trick_best = hand.trick_best();
  view.trick_len = hand.trick_len();
  if (view.trick_len > 0) {
    view.trick[view.trick_len - 1] = static_cast<std::int8_t>(card);
    return;
  }
  view.trick_leaders[view.tricks_played] = static_cast<std::int8_t>(hand.trick_leader(view.tricks_played));
  view.tricks_played = hand.tricks_played();
  std::memset(view.trick, -1, sizeof view.trick);
  for (int team = 0; team < 2; ++team) view.abnat[team] = hand.abnat(team);
}

}  // namespace

void play_out(HandState& hand, const TablePlayers& table, Rng& rng) {
  while (hand.phase() == Phase::kBidding || hand.phase() == Phase::kDoubling)
    hand.apply(table.players[hand.to_move()]->choose(hand, rng));
  if (!table.any_native) {
    while (hand.phase() != Phase::kOver) hand.play(static_cast<Card>(table.players[hand.to_move()]->choose(hand, rng)));
    return;
  }
  baloot_view view;
  if (hand.phase() == Phase::kPlaying) fill_view(hand, view);
  while (hand.phase() == Phase::kPlaying) {
    const int seat = hand.to_move();
    int card;
    if (const NativePolicy* native = table.native[seat]) {
      view.seat = seat;
      view.hand = hand.hand(seat);
      view.legal = hand.legal_cards();
      assert(is_fresh(view, hand));
      card = native->choose(view, rng);
    } else {
      card = table.players[seat]->choose(hand, rng);
    }
    hand.play(static_cast<Card>(card));
    after_card(view, hand, static_cast<Card>(card));
  }
}

}  // namespace baloot
