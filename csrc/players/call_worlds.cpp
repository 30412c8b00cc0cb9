#include "players/call_worlds.hpp"

namespace baloot {

namespace {

// Marks the deck positions that dealt the seat's cards (R2: packets of three and two, the up-card, then
// the rest from the dealer's left, two to the up-card's holder) when it holds `cards` of them.
void seat_positions(const SeatView& view, bool (&mine)[kNumCards]) {
  const int packet = packet_of(view.seat(), view.dealer());
  for (int i = 0; i < kFirstCards; ++i) mine[first_card_position(packet, i)] = true;
  mine[kUpCardIndex] = true;
  if (popcount(view.hand()) <= 5) return;
  int next = kRestStart;
  for (int step = 1; step <= kNumSeats; ++step) {
    const int seat = seat_after(view.dealer(), step);
    const int n = seat == view.up_card_holder() ? 2 : 3;
    for (int i = 0; i < n; ++i, ++next) mine[next] = seat == view.seat();
  }
}

}  // namespace

CallWorlds::CallWorlds(const SeatView& view) : view_(view) {
  bool mine[kNumCards] = {};
  seat_positions(view, mine);
  Hand seen = view.hand() & ~bit(view.up_card());
  Hand unseen = kFullDeck & ~seen & ~bit(view.up_card());
  for (int i = 0; i < kNumCards; ++i) {
    if (i == kUpCardIndex) {
      deck_[i] = view.up_card();
    } else if (mine[i]) {
      deck_[i] = lowest_card(seen);
      seen = without_lowest(seen);
    } else {
      deck_[i] = lowest_card(unseen);
      unseen = without_lowest(unseen);
      open_[n_open_++] = i;
    }
  }
}

bool CallWorlds::draw(const Policy& model, Rng& rng, HandState& state) const {
  Card deck[kNumCards];
  for (int i = 0; i < kNumCards; ++i) deck[i] = deck_[i];
  for (int k = n_open_ - 1; k > 0; --k) {
    const int j = static_cast<int>(rng.below(static_cast<std::uint32_t>(k + 1)));
    std::swap(deck[open_[k]], deck[open_[j]]);
  }
  return calls_fit(view_, model, 0xFu & ~(1u << view_.seat()), deck, rng, state);
}

namespace {

bool same_calls(const SeatView& view, const HandState& state) {
  if (state.phase() != view.phase() || state.round() != view.round() || state.bid_stage() != view.bid_stage() ||
      state.hokum_caller() != view.hokum_caller() || state.buyer() != view.buyer() ||
      state.multiplier() != view.multiplier() || state.doubler() != view.doubler())
    return false;
  // At a card decision the calls are over, and who leads is the cards' business.
  if (view.phase() != Phase::kPlaying && state.to_move() != view.seat()) return false;
  if (state.has_contract() && (state.contract().mode != view.contract().mode || state.contract().trump != view.contract().trump))
    return false;
  for (int seat = 0; seat < kNumSeats; ++seat)
    if (state.last_bid(seat) != view.last_bid(seat)) return false;
  return state.pending_caller() == view.pending_caller();
}

// The call of a seat that is not modelled: as it called in the real hand.
int known_call(const SeatView& view, const HandState& state) {
  const int seat = state.to_move();
  if (state.phase() == Phase::kBidding) return state.round() < view.round() ? kPass : view.last_bid(seat);
  const ActionMask raise = state.legal_actions() & ~action_bit(kPass);
  const bool raised = raise && state.multiplier() < view.multiplier() && (state.multiplier() > 1 || seat == view.doubler());
  return raised ? __builtin_ctzll(raise) : kPass;
}

}  // namespace

bool calls_fit(const SeatView& view, const Policy& model, unsigned modelled, const Card (&deck)[kNumCards], Rng& rng,
               HandState& state) {
  const int scores[2] = {view.score_before(0), view.score_before(1)};
  state = HandState(deck, view.dealer(), scores, view.rules());
  // Every call changes what same_calls compares, and a hand has at most a few calls a seat.
  for (int step = 0; step < 8 * kNumSeats; ++step) {
    if (same_calls(view, state)) return true;
    if (state.phase() == Phase::kPlaying || state.phase() == Phase::kOver) return false;
    const int action = modelled >> state.to_move() & 1 ? model.choose(state, rng) : known_call(view, state);
    if (!state.is_legal(action)) return false;
    state.apply(action);
  }
  return false;
}

}  // namespace baloot
