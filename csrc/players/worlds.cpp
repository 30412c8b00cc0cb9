#include "players/worlds.hpp"

#include <utility>

#include "players/call_worlds.hpp"

namespace baloot {

// ---- What a seat knows ---------------------------------------------------------------------------
// A card c that seat p played onto the trick prefix t[0..i) was legal in the hand p held then. The
// kernel's legal_moves has one shape for every rule switch: c is legal in a hand H exactly when H
// holds no card of a set X (the led suit when c does not follow it; the trumps when c neither follows
// nor trumps and p had to trump; the trumps above the winning one when c is a trump that does not beat
// it and p had to beat it). So an unseen card u belongs to X, and p cannot hold it now, exactly when
// c is illegal in the two-card hand {c, u}: the kernel answers that for every rule switch.

HiddenCards hidden_cards(const SeatView& view) {
  HiddenCards h;
  h.seat = view.seat();
  h.unseen = view.unseen();
  const Contract& contract = view.contract();
  const Rules& rules = view.rules();
  int played_by[kNumSeats] = {};
  Hand excluded[kNumSeats] = {};
  const int tricks = view.tricks_played() + (view.trick_len() > 0 ? 1 : 0);
  for (int t = 0; t < tricks; ++t) {
    const bool done = t < view.tricks_played();
    const int leader = done ? view.trick_leader(t) : view.leader();
    const int len = done ? kNumSeats : view.trick_len();
    if (done) ++h.tricks[team_of(t + 1 < view.tricks_played() ? view.trick_leader(t + 1) : view.leader())];
    Card cards[kNumSeats];
    for (int i = 0; i < len; ++i) cards[i] = view.played_card(t * kNumSeats + i);
    for (int i = 0; i < len; ++i) {
      const int seat = seat_after(leader, i);
      ++played_by[seat];
      h.played[seat] |= bit(cards[i]);
      if (i == 0 || seat == h.seat) continue;
      for (Hand u = h.unseen & ~excluded[seat]; u; u = without_lowest(u)) {
        const Card card = lowest_card(u);
        if (!(legal_moves(bit(cards[i]) | bit(card), cards, i, contract, rules) & bit(cards[i])))
          excluded[seat] |= bit(card);
      }
    }
  }
  for (int seat = 0; seat < kNumSeats; ++seat) {
    h.count[seat] = kNumTricks - played_by[seat];
    h.allowed[seat] = seat == h.seat ? view.hand() : h.unseen & ~excluded[seat];
  }
  // Everyone saw who took the up-card.
  const Card up = view.up_card();
  const int holder = view.up_card_holder();
  if (h.unseen & bit(up)) {
    h.up_card = bit(up);
    h.up_holder = holder;
    for (int seat = 0; seat < kNumSeats; ++seat)
      if (seat != holder) h.allowed[seat] &= ~bit(up);
  }
  return h;
}

// ---- Dealing the hidden cards ----------------------------------------------------------------------
// Uniform over the consistent deals: count the completions of every partial deal (cards in a fixed
// order; the state is how many cards each of the first two other seats still needs), then deal card
// by card with probabilities proportional to those counts.

HiddenDealer::HiddenDealer(const HiddenCards& hidden) : hidden_(hidden) {
  for (int k = 0; k < 3; ++k) others_[k] = seat_after(hidden.seat, k + 1);
  for (Hand u = hidden.unseen; u; u = without_lowest(u)) cards_[n_++] = lowest_card(u);
  for (int pass = 0; pass < 2; ++pass) {
    for (int i = 0; i < n_; ++i) {
      allowed_[i] = 0;
      for (int k = 0; k < 3; ++k) {
        // the fallback pass drops the inferences and keeps the up-card with its holder
        Hand allowed = hidden_.allowed[others_[k]];
        if (pass == 1) allowed = others_[k] == hidden_.up_holder ? hidden_.unseen : hidden_.unseen & ~hidden_.up_card;
        if (allowed & bit(cards_[i])) allowed_[i] = static_cast<std::uint8_t>(allowed_[i] | 1 << k);
      }
    }
    const int need0 = hidden_.count[others_[0]], need1 = hidden_.count[others_[1]], need2 = hidden_.count[others_[2]];
    for (int a = 0; a <= kNumTricks; ++a)
      for (int b = 0; b <= kNumTricks; ++b) ways_[n_][a][b] = a == 0 && b == 0 ? 1.0 : 0.0;
    for (int i = n_ - 1; i >= 0; --i)
      for (int a = 0; a <= kNumTricks; ++a)
        for (int b = 0; b <= kNumTricks; ++b) {
          const int c = n_ - i - a - b;
          double w = 0;
          if (c >= 0) {
            if ((allowed_[i] & 1) && a > 0) w += ways_[i + 1][a - 1][b];
            if ((allowed_[i] & 2) && b > 0) w += ways_[i + 1][a][b - 1];
            if ((allowed_[i] & 4) && c > 0) w += ways_[i + 1][a][b];
          }
          ways_[i][a][b] = w;
        }
    const bool counts_fit = need0 + need1 + need2 == n_ && need0 <= kNumTricks && need1 <= kNumTricks;
    if (counts_fit && ways_[0][need0][need1] > 0) return;
    consistent_ = false;
  }
}

void HiddenDealer::deal(Rng& rng, Hand (&hands)[kNumSeats]) const {
  for (int seat = 0; seat < kNumSeats; ++seat) hands[seat] = 0;
  hands[hidden_.seat] = hidden_.allowed[hidden_.seat];
  int a = hidden_.count[others_[0]], b = hidden_.count[others_[1]];
  for (int i = 0; i < n_; ++i) {
    const int c = n_ - i - a - b;
    const double w0 = (allowed_[i] & 1) && a > 0 ? ways_[i + 1][a - 1][b] : 0.0;
    const double w1 = (allowed_[i] & 2) && b > 0 ? ways_[i + 1][a][b - 1] : 0.0;
    const double w2 = (allowed_[i] & 4) && c > 0 ? ways_[i + 1][a][b] : 0.0;
    const double x = rng.uniform() * (w0 + w1 + w2);
    int k;
    if (x < w0 || (w1 == 0 && w2 == 0)) k = 0, --a;
    else if (x < w0 + w1 || w2 == 0) k = 1, --b;
    else k = 2;
    hands[others_[k]] |= bit(cards_[i]);
  }
}

// ---- Replaying the hand in a world ----------------------------------------------------------------
// The calls are rebuilt, not replayed: the buyer makes the contract's call at its first chance, every
// other seat passes, and the doubling goes as far as it went. What a built-in player's card play reads
// of the calls (contract, buyer, up-card holder, doubler, multiplier) is then as in the real hand.

namespace {

// The world's deck in dealing order, the up-card in place: every seat's first five cards its lowest, or,
// with `order`, five of its cards drawn with it (what a seat bid on is unseen by the others).
void world_deck(const SeatView& view, const Hand (&dealt)[kNumSeats], Card (&deck)[kNumCards], Rng* order = nullptr) {
  const Card up = view.up_card();
  Hand later[kNumSeats];
  for (int packet = 0; packet < kNumSeats; ++packet) {
    const int seat = seat_after(view.dealer(), packet + 1);
    Hand h = dealt[seat] & ~bit(up);
    for (int i = 0; i < kFirstCards; ++i) {
      const Card card = order ? random_card(h, *order) : lowest_card(h);
      deck[first_card_position(packet, i)] = card;
      h &= ~bit(card);
    }
    later[seat] = h;
  }
  deck[kUpCardIndex] = up;
  int next = kRestStart;
  for (int step = 1; step <= kNumSeats; ++step)
    for (Hand h = later[seat_after(view.dealer(), step)]; h && next < kNumCards; h = without_lowest(h)) deck[next++] = lowest_card(h);
}

}  // namespace

WorldReplay::WorldReplay(const SeatView& view, const HiddenCards& hidden, int calls)
    : view_(view), hidden_(hidden), calls_(calls) {
  plays_ = view.tricks_played() * kNumSeats + view.trick_len();
  // The calls do not depend on the cards: try them once on any deck with the real up-card.
  Card deck[kNumCards];
  for (int i = 0; i < kNumCards; ++i) deck[i] = static_cast<Card>(i);
  std::swap(deck[kUpCardIndex], deck[view.up_card()]);
  const int scores[2] = {view.score_before(0), view.score_before(1)};
  HandState state(deck, view.dealer(), scores, view.rules());
  usable_ = calls_into(state);
}

bool WorldReplay::calls_into(HandState& state) const {
  const int buyer = view_.buyer();
  const Contract& contract = view_.contract();
  const bool ashkal = view_.up_card_holder() != buyer;
  for (int step = 0; state.phase() == Phase::kBidding; ++step) {
    int action = kPass;
    if (state.to_move() == buyer) {
      const bool up_suit = state.round() == 1 && contract.trump == suit_of(state.up_card());
      const int call = contract.mode == Mode::kSun ? (ashkal ? kAshkal : kSun) : up_suit ? kHokum : kHokumSuit + contract.trump;
      if (state.legal_actions() & action_bit(call)) action = call;
    }
    if (step > 4 * kNumSeats || !(state.legal_actions() & action_bit(action))) return false;
    state.apply(action);
  }
  for (int step = 0; state.phase() == Phase::kDoubling; ++step) {
    const ActionMask raise = state.legal_actions() & ~action_bit(kPass);
    const bool raising = raise && state.multiplier() < view_.multiplier() &&
                         (state.multiplier() > 1 || state.to_move() == view_.doubler());
    if (step > 2 * kNumSeats) return false;
    state.apply(raising ? __builtin_ctzll(raise) : kPass);
  }
  return state.phase() == Phase::kPlaying && state.buyer() == buyer && state.contract().mode == contract.mode &&
         state.contract().trump == contract.trump && state.multiplier() == view_.multiplier() &&
         state.up_card_holder() == view_.up_card_holder() && state.leader() == (view_.tricks_played() ? view_.trick_leader(0) : view_.leader());
}

int WorldReplay::surprises(const Policy& model, const Hand (&hands)[kNumSeats], int limit) const {
  HandState state;
  return rebuild(model, hands, limit, state);
}

int WorldReplay::rebuild(const Policy& model, const Hand (&hands)[kNumSeats], int limit, HandState& state) const {
  Hand dealt[kNumSeats];
  for (int seat = 0; seat < kNumSeats; ++seat) dealt[seat] = hands[seat] | hidden_.played[seat];
  Card deck[kNumCards];
  world_deck(view_, dealt, deck);
  const int scores[2] = {view_.score_before(0), view_.score_before(1)};
  state = HandState(deck, view_.dealer(), scores, view_.rules());
  if (!calls_into(state)) return limit + 1;
  const int team = team_of(view_.seat());
  Rng rng(0);
  int n = 0;
  for (int i = 0; i < plays_; ++i) {
    const Card card = view_.played_card(i);
    const Hand legal = state.legal_cards();
    if (!(legal & bit(card))) return limit + 1;
    if (team_of(state.to_move()) != team && without_lowest(legal) && model.choose(state, rng) != card && ++n > limit) return n;
    state.play(card);
  }
  // The calls last: they cost the most to check.
  if (calls_ && !calls_fit_some_split(model, dealt)) n += calls_;
  return n;
}

bool WorldReplay::calls_fit_some_split(const Policy& model, const Hand (&dealt)[kNumSeats]) const {
  // In a hand the heuristic called and played, the real deal's calls fit on one of 8 draws in 85% of the
  // card decisions, on the first draw in 55%.
  constexpr int kSplits = 8;
  const unsigned others = 0xFu & ~(1u << view_.seat()) & ~(1u << partner_of(view_.seat()));
  Rng order(std::uint64_t{dealt[0]} << 32 ^ dealt[1] ^ std::uint64_t{dealt[2]} * 0x9E3779B97F4A7C15ull);
  Card deck[kNumCards];
  HandState state;
  for (int k = 0; k < kSplits; ++k) {
    world_deck(view_, dealt, deck, &order);
    if (calls_fit(view_, model, others, deck, order, state)) return true;
  }
  return false;
}

}  // namespace baloot
