#include "players/search_players.hpp"

#include "players/call_worlds.hpp"

namespace baloot {

namespace {

// The player for bidding and doubling, where the search players have nothing to add.
std::shared_ptr<const Policy> calls_player() { return make_policy("heuristic"); }

// The position as the seat to move sees it, with `hands` for the four hands.
Position seen_position(const SeatView& view, const Hand (&hands)[kNumSeats]) {
  Position p;
  for (int seat = 0; seat < kNumSeats; ++seat) p.hands[seat] = hands[seat];
  p.trick_len = view.trick_len();
  for (int i = 0; i < p.trick_len && i < kNumSeats; ++i) p.trick[i] = view.trick()[i];
  p.leader = view.leader();
  p.contract = view.contract();
  p.rules = view.rules();
  return p;
}

}  // namespace

void add_world_values(const SeatView& view, const Hand (&hands)[kNumSeats], Hand legal, HandOutcome* outcome,
                      long (&points)[kNumCards], long (&abnat)[kNumCards]) {
  const SolveResult r = thread_solver().solve(seen_position(view, hands), true);
  if (outcome) outcome->set_world(hands);
  const int team = team_of(view.seat());
  for (Hand h = legal; h; h = without_lowest(h)) {
    const Card c = lowest_card(h);
    const int mine = r.move_value[c];
    abnat[c] += mine;
    if (outcome) points[c] += outcome->margin(team == 0 ? mine : r.value[0] + r.value[1] - mine);
  }
}

Solver& thread_solver() {
  static thread_local Solver solver;
  return solver;
}

int best_card(Hand legal, const long (&total)[kNumCards], int preferred, Rng& rng) {
  Hand best_set = 0;
  long best = 0;
  for (Hand h = legal; h; h = without_lowest(h)) {
    const Card c = lowest_card(h);
    if (!best_set || total[c] > best) best = total[c], best_set = 0;
    if (total[c] == best) best_set |= bit(c);
  }
  if (best_set >> preferred & 1) return preferred;
  return random_card(best_set, rng);
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
    for (int i = 0; i < 5; ++i) {
      const Card card = order ? random_card(h, *order) : lowest_card(h);
      deck[i < 3 ? 3 * packet + i : kFirstPacketEnd + 2 * packet + i - 3] = card;
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

// ---- What a world scores -----------------------------------------------------------------------

HandOutcome::HandOutcome(const SeatView& view, const HiddenCards& hidden)
    : rules_(view.rules()), contract_(view.contract()), team_(team_of(view.seat())) {
  in_.mode = contract_.mode;
  in_.buyers = team_of(view.buyer());
  in_.multiplier = view.multiplier();
  first_leader_ = view.tricks_played() > 0 ? view.trick_leader(0) : view.leader();
  for (int team = 0; team < 2; ++team) {
    taken_[team] = view.abnat(team);
    tricks_[team] = hidden.tricks[team];
  }
  to_win_ = total_abnat(contract_.mode) - taken_[0] - taken_[1];
  for (int seat = 0; seat < kNumSeats; ++seat) played_[seat] = hidden.played[seat];
}

void HandOutcome::set_world(const Hand (&hands)[kNumSeats]) {
  Hand dealt[kNumSeats];
  ProjectSet sets[kNumSeats];
  for (int seat = 0; seat < kNumSeats; ++seat) {
    dealt[seat] = hands[seat] | played_[seat];
    sets[seat] = best_projects(dealt[seat], contract_.mode);
  }
  const ProjectOutcome outcome = compare_projects(sets, first_leader_);
  const int holder = baloot_holder(dealt, contract_, sets, outcome, rules_);
  for (int team = 0; team < 2; ++team) {
    in_.projects[team] = outcome.abnat[team];
    in_.baloot[team] = holder != kNoSeat && team_of(holder) == team;
  }
}

int HandOutcome::margin(int team0_abnat) const {
  ScoreInput in = in_;
  in.abnat[0] = taken_[0] + team0_abnat;
  in.abnat[1] = taken_[1] + to_win_ - team0_abnat;
  // A team that took no trick so far and takes no abnat from here is swept (a trick of four
  // zero-abnat cards aside).
  for (int team = 0; team < 2; ++team) {
    const bool swept = tricks_[team] == 0 && in.abnat[team] == 0;
    in.tricks[team] = swept ? 0 : 1;
    in.tricks[1 - team] = swept ? kNumTricks : kNumTricks - 1;
    if (swept) break;
  }
  const HandScore score = score_hand(in, rules_);
  return score.points[team_] - score.points[1 - team_];
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

PimcPolicy::PimcPolicy(const PimcOptions& options) : options_(options), calls_(calls_player()) {}

int PimcPolicy::choose(const HandState& state, Rng& rng) const {
  if (state.phase() != Phase::kPlaying) return calls_->choose(state, rng);
  const Hand legal = state.legal_cards();
  if (!without_lowest(legal)) return lowest_card(legal);
  const SeatView view(state);
  const HiddenCards hidden = hidden_cards(view);
  const HiddenDealer dealer(hidden);
  HandOutcome outcome(view, hidden);
  long points[kNumCards] = {}, abnat[kNumCards] = {};
  const WorldReplay replay(view, hidden);
  const int tries = replay.usable() ? options_.tries : 1;
  for (int s = 0; s < options_.samples; ++s) {
    // Of `tries` worlds, the first in which the other team played as the model would, else the one
    // in which it surprised least.
    Hand hands[kNumSeats];
    int fewest = kNumCards;
    for (int t = 0; t < tries && fewest > 0; ++t) {
      Hand world[kNumSeats];
      dealer.deal(rng, world);
      const int n = tries > 1 ? replay.surprises(*calls_, world, fewest - 1) : 0;
      if (n < fewest) {
        fewest = n;
        for (int seat = 0; seat < kNumSeats; ++seat) hands[seat] = world[seat];
      }
    }
    add_world_values(view, hands, legal, options_.points ? &outcome : nullptr, points, abnat);
  }
  // The best expected score, then the best expected abnat, then the seed.
  Hand best_set = 0;
  long best_points = 0, best_abnat = 0;
  for (Hand h = legal; h; h = without_lowest(h)) {
    const Card c = lowest_card(h);
    const bool better = !best_set || points[c] > best_points || (points[c] == best_points && abnat[c] > best_abnat);
    if (better) best_points = points[c], best_abnat = abnat[c], best_set = 0;
    if (points[c] == best_points && abnat[c] == best_abnat) best_set |= bit(c);
  }
  return random_card(best_set, rng);
}

}  // namespace baloot
