#include "search_players.hpp"

namespace baloot {

namespace {

// The player for bidding and doubling, where the search players have nothing to add.
std::shared_ptr<const Policy> calls_player() { return make_policy("heuristic"); }

// The position as the seat to move sees it, with `hands` for the four hands.
Position seen_position(const SeatView& view, const Hand (&hands)[kNumSeats]) {
  Position p;
  for (int seat = 0; seat < kNumSeats; ++seat) p.hands[seat] = hands[seat];
  p.trick_len = view.trick_len();
  for (int i = 0; i < p.trick_len; ++i) p.trick[i] = view.trick()[i];
  p.leader = view.leader();
  p.contract = view.contract();
  p.rules = view.rules();
  return p;
}

}  // namespace

Solver& thread_solver() {
  static thread_local Solver solver;
  return solver;
}

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
    Card cards[kNumSeats];
    for (int i = 0; i < len; ++i) cards[i] = view.played_card(t * kNumSeats + i);
    for (int i = 0; i < len; ++i) {
      const int seat = seat_after(leader, i);
      ++played_by[seat];
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

// ---- Players -------------------------------------------------------------------------------------

DoubleDummyPolicy::DoubleDummyPolicy() : calls_(calls_player()) {}

int DoubleDummyPolicy::choose(const HandState& state, Rng& rng) const {
  if (state.phase() != Phase::kPlaying) return calls_->choose(state, rng);
  const Hand legal = state.legal_cards();
  if (!without_lowest(legal)) return lowest_card(legal);
  const SolveResult r = thread_solver().solve(position_of(state), false);
  // The solver knows neither a closed hand nor the narrow partner exception: keep to the legal cards.
  return random_card(or_else(r.best & legal, legal), rng);
}

PimcPolicy::PimcPolicy(int samples) : samples_(samples), calls_(calls_player()) {}

int PimcPolicy::choose(const HandState& state, Rng& rng) const {
  if (state.phase() != Phase::kPlaying) return calls_->choose(state, rng);
  const Hand legal = state.legal_cards();
  if (!without_lowest(legal)) return lowest_card(legal);
  const SeatView view(state);
  const HiddenDealer dealer(hidden_cards(view));
  Solver& solver = thread_solver();
  long total[kNumCards] = {};
  for (int s = 0; s < samples_; ++s) {
    Hand hands[kNumSeats];
    dealer.deal(rng, hands);
    const SolveResult r = solver.solve(seen_position(view, hands), true);
    for (Hand h = legal; h; h = without_lowest(h)) total[lowest_card(h)] += r.move_value[lowest_card(h)];
  }
  long best = -1;
  Hand best_set = 0;
  for (Hand h = legal; h; h = without_lowest(h)) {
    const Card c = lowest_card(h);
    if (total[c] > best) best = total[c], best_set = 0;
    if (total[c] == best) best_set |= bit(c);
  }
  return random_card(best_set, rng);
}

}  // namespace baloot
