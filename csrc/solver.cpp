#include "solver.hpp"

#include <algorithm>
#include <chrono>
#include <string>

namespace baloot {

#ifdef SOLVER_STATS
long g_lead[9], g_hit[9], g_cut_first[9], g_cut_later[9], g_follow[4], g_follow_cut_first[4], g_follow_cut_later[4];
#define STAT(x) (++(x))
#else
#define STAT(x) ((void)0)
#endif

namespace {

constexpr int kInf = 1000;

// Insertion sort of up to 8 cards by descending score (stable for equal scores).
int sort_by_score(Card* cards, int* scores, int n) {
  for (int i = 1; i < n; ++i) {
    const Card c = cards[i];
    const int s = scores[i];
    int j = i;
    for (; j > 0 && scores[j - 1] < s; --j) {
      cards[j] = cards[j - 1];
      scores[j] = scores[j - 1];
    }
    cards[j] = c;
    scores[j] = s;
  }
  return n;
}

Hand all_hands(const Hand (&hands)[kNumSeats]) { return hands[0] | hands[1] | hands[2] | hands[3]; }

// Ranks in increasing strength under a strength table.
struct ByPower {
  std::uint8_t rank[kNumRanks] = {};
  constexpr explicit ByPower(const int (&strength)[kNumRanks]) {
    for (int r = 0; r < kNumRanks; ++r) rank[strength[r]] = static_cast<std::uint8_t>(r);
  }
};
constexpr ByPower kPlainOrder{kPlainStrength};
constexpr ByPower kTrumpOrder{kTrumpStrength};
constexpr const std::uint8_t* kPlainByPower = kPlainOrder.rank;
constexpr const std::uint8_t* kTrumpByPower = kTrumpOrder.rank;

}  // namespace

// ---- Positions -----------------------------------------------------------------------------------

Position position_of(const HandState& state) {
  if (state.phase() != Phase::kPlaying) throw RuleError("the hand is not in its playing phase: nothing to solve");
  Position p;
  for (int seat = 0; seat < kNumSeats; ++seat) p.hands[seat] = state.hand(seat);
  p.trick_len = state.trick_len();
  for (int i = 0; i < p.trick_len; ++i) p.trick[i] = state.trick_card(i);
  p.leader = state.leader();
  p.contract = state.contract();
  p.rules = state.rules();
  return p;
}

void check_position(const Position& p) {
  if (p.leader < 0 || p.leader >= kNumSeats) throw RuleError("leader " + std::to_string(p.leader) + " is not a seat 0..3");
  if (p.trick_len < 0 || p.trick_len > 3)
    throw RuleError("a trick on the table holds 0 to 3 cards, got " + std::to_string(p.trick_len));
  if (p.contract.mode == Mode::kSun ? p.contract.trump != kNoSuit : (p.contract.trump < 0 || p.contract.trump >= kNumSuits))
    throw RuleError("bad contract: Sun has no trump and Hokum needs a trump suit 0..3");
  Hand seen = 0;
  for (int i = 0; i < p.trick_len; ++i) {
    if (p.trick[i] >= kNumCards) throw RuleError("card index " + std::to_string(p.trick[i]) + " is not 0..31");
    if (seen & bit(p.trick[i])) throw RuleError("card index " + std::to_string(p.trick[i]) + " is twice on the table");
    seen |= bit(p.trick[i]);
  }
  for (int seat = 0; seat < kNumSeats; ++seat) {
    if (seen & p.hands[seat])
      throw RuleError("card index " + std::to_string(lowest_card(seen & p.hands[seat])) + " is held twice");
    seen |= p.hands[seat];
  }
  const int base = count(p.hands[p.leader]);
  if (base == 0 && p.trick_len == 0) throw RuleError("every hand is empty: nothing to solve");
  if (base > kNumTricks) throw RuleError("a hand holds more than 8 cards");
  for (int i = 0; i < kNumSeats; ++i) {
    const int seat = seat_after(p.leader, i);
    const int want = i < p.trick_len ? base : base + (p.trick_len > 0 ? 1 : 0);
    if (count(p.hands[seat]) != want)
      throw RuleError("seat " + std::to_string(seat) + " holds " + std::to_string(count(p.hands[seat])) + " cards; " +
                      std::to_string(want) + " fit the trick on the table");
  }
}

int abnat_to_win(const Position& p) {
  int total = kLastTrickAbnat + hand_abnat(all_hands(p.hands), p.contract);
  for (int i = 0; i < p.trick_len; ++i) total += card_abnat(p.trick[i], p.contract);
  return total;
}

// ---- Solver --------------------------------------------------------------------------------------

Solver::Solver(int tt_bits) {
  if (tt_bits < 4 || tt_bits > 28) throw RuleError("tt_bits " + std::to_string(tt_bits) + " is not 4..28");
  table_.assign(std::size_t{1} << tt_bits, Entry{});
  mask_ = (std::uint64_t{1} << tt_bits) - 1;
}

void Solver::clear() {
  std::fill(table_.begin(), table_.end(), Entry{});
  stamp_ = 0;
}

void Solver::load(const Position& p) {
  for (int seat = 0; seat < kNumSeats; ++seat) hands_[seat] = p.hands[seat];
  for (int i = 0; i < kNumSeats; ++i) trick_[i] = p.trick[i];
  len_ = p.trick_len;
  leader_ = p.leader;
  contract_ = p.contract;
  rules_ = p.rules;
  for (int c = 0; c < kNumCards; ++c) {
    const Card card = static_cast<Card>(c);
    abnat_[c] = static_cast<std::uint8_t>(card_abnat(card, contract_));
    power_[c] = static_cast<std::uint8_t>(contract_.is_trump(card) ? kTrumpStrength[rank_of(card)]
                                                                   : kPlainStrength[rank_of(card)]);
  }
  for (int c = 0; c < kNumCards; ++c) {
    above_[c] = 0;
    for (int o = 0; o < kNumCards; ++o)
      if (suit_of(static_cast<Card>(o)) == suit_of(static_cast<Card>(c)) && power_[o] > power_[c]) above_[c] |= bit(static_cast<Card>(o));
  }
  live_abnat_ = hand_abnat(all_hands(hands_), contract_);
  nodes_ = 0;
  if (++stamp_ >= (std::uint64_t{1} << 30)) {
    clear();
    stamp_ = 1;
  }
}

// ---- Transposition table ---------------------------------------------------------------------------
// Buckets of four entries (one cache line); the key holds the remaining cards, the leader and the
// solve's stamp, so entries of earlier solves never match and count as free.

Solver::Entry* Solver::probe(std::uint64_t key) {
  const std::uint64_t base = ((key * 0x9E3779B97F4A7C15ull) >> 20) & mask_ & ~std::uint64_t{3};
  Entry* bucket = &table_[base];
  for (int i = 0; i < 4; ++i)
    if (bucket[i].key == key) return &bucket[i];
  return nullptr;
}

Solver::Entry* Solver::slot_for(std::uint64_t key, int cards) {
  const std::uint64_t base = ((key * 0x9E3779B97F4A7C15ull) >> 20) & mask_ & ~std::uint64_t{3};
  Entry* bucket = &table_[base];
  Entry* victim = &bucket[0];
  int victim_rank = kInf;
  for (int i = 0; i < 4; ++i) {
    Entry& e = bucket[i];
    if (e.key == key) return &e;
    const int rank = (e.key >> 34) != stamp_ ? -1 : e.cards;
    if (rank < victim_rank) {
      victim_rank = rank;
      victim = &e;
    }
  }
  (void)cards;
  victim->key = 0;
  return victim;
}

// ---- Search --------------------------------------------------------------------------------------
// Every search returns team 0's abnat from the node on: the cards of the trick in progress, every
// later trick and the last-trick 10. Team 0 maximises, team 1 minimises; fail-soft alpha-beta.

int Solver::play_and_search(Card c, int alpha, int beta) {
  const int seat = seat_after(leader_, len_);
  hands_[seat] &= ~bit(c);
  live_abnat_ -= abnat_[c];
  trick_[len_++] = c;
  const int v = len_ == kNumSeats ? finish_trick(alpha, beta) : search(alpha, beta);
  --len_;
  live_abnat_ += abnat_[c];
  hands_[seat] |= bit(c);
  return v;
}

int Solver::finish_trick(int alpha, int beta) {
  const int winner = seat_after(leader_, trick_winner(trick_, kNumSeats, contract_));
  int points = abnat_[trick_[0]] + abnat_[trick_[1]] + abnat_[trick_[2]] + abnat_[trick_[3]];
  const bool ours = team_of(winner) == 0;
  if (all_hands(hands_) == 0) return ours ? points + kLastTrickAbnat : 0;
  const int saved_leader = leader_;
  Card saved[kNumSeats];
  for (int i = 0; i < kNumSeats; ++i) saved[i] = trick_[i];
  leader_ = winner;
  len_ = 0;
  const int v = ours ? points + search_lead(alpha - points, beta - points) : search_lead(alpha, beta);
  leader_ = saved_leader;
  len_ = kNumSeats;
  for (int i = 0; i < kNumSeats; ++i) trick_[i] = saved[i];
  return v;
}

int Solver::last_trick() {
  ++nodes_;
  Card cards[kNumSeats];
  for (int i = 0; i < kNumSeats; ++i) cards[i] = lowest_card(hands_[seat_after(leader_, i)]);
  const int winner = seat_after(leader_, trick_winner(cards, kNumSeats, contract_));
  return team_of(winner) == 0 ? live_abnat_ + kLastTrickAbnat : 0;
}

int Solver::search(int alpha, int beta) {
  if (len_ == 0) return search_lead(alpha, beta);
  ++nodes_;
  const int seat = seat_after(leader_, len_);
  const Hand legal = merge_equivalent(legal_moves(hands_[seat], trick_, len_, contract_, rules_), seat, true);
  if (!without_lowest(legal)) return play_and_search(lowest_card(legal), alpha, beta);
  Card order[kNumTricks];
  const int n = order_follow(legal, seat, order);
  STAT(g_follow[len_]);
  if (team_of(seat) == 0) {
    int best = -kInf;
    for (int i = 0; i < n; ++i) {
      const int v = play_and_search(order[i], alpha, beta);
      if (v > best) {
        best = v;
        if (v > alpha) {
          alpha = v;
          if (alpha >= beta) { if (i == 0) STAT(g_follow_cut_first[len_]); else STAT(g_follow_cut_later[len_]); break; }
        }
      }
    }
    return best;
  }
  int best = kInf;
  for (int i = 0; i < n; ++i) {
    const int v = play_and_search(order[i], alpha, beta);
    if (v < best) {
      best = v;
      if (v < beta) {
        beta = v;
        if (alpha >= beta) { if (i == 0) STAT(g_follow_cut_first[len_]); else STAT(g_follow_cut_later[len_]); break; }
      }
    }
  }
  return best;
}

int Solver::search_lead(int alpha, int beta) {
  const int seat = leader_;
  if (count(hands_[seat]) == 1) return last_trick();
  ++nodes_;
  const int most = live_abnat_ + kLastTrickAbnat;
  if (most <= alpha) return most;
  if (beta <= 0) return 0;
#ifndef NO_BOUNDS
  {
    int sure[2];
    if (sure_abnat(seat, sure)) return team_of(seat) == 0 ? most : 0;
    if (sure[0] >= beta) return sure[0];
    if (most - sure[1] <= alpha) return most - sure[1];
  }
#endif
  const int left_ = count(hands_[seat]);
  STAT(g_lead[left_]);
  const Hand remaining = all_hands(hands_);
  const std::uint64_t key = remaining | std::uint64_t(seat) << 32 | stamp_ << 34;
  Card tt_move = kNoMove;
  if (use_tt_) {
    if (const Entry* e = probe(key)) {
      STAT(g_hit[left_]);
      if (e->lo >= beta) return e->lo;
      if (e->hi <= alpha) return e->hi;
      if (e->lo == e->hi) return e->lo;
      alpha = std::max(alpha, int{e->lo});
      beta = std::min(beta, int{e->hi});
      tt_move = e->move;
    }
  }

  const Hand legal = merge_equivalent(hands_[seat], seat, true);
  Card order[kNumTricks];
  const int n = order_lead(legal, seat, tt_move, order);
  const bool maximising = team_of(seat) == 0;
  int best = maximising ? -kInf : kInf;
  Card best_move = order[0];
  int a = alpha, b = beta;
  for (int i = 0; i < n; ++i) {
    const int v = play_and_search(order[i], a, b);
    if (maximising ? v > best : v < best) {
      best = v;
      best_move = order[i];
      if (maximising) a = std::max(a, v);
      else b = std::min(b, v);
      if (a >= b) { if (i == 0) STAT(g_cut_first[left_]); else STAT(g_cut_later[left_]); break; }
    }
  }

  if (use_tt_) {
    Entry* e = slot_for(key, count(remaining));
    int lo = 0, hi = most;
    if (e->key == key) lo = e->lo, hi = e->hi;
    if (best <= alpha) hi = std::min(hi, best);
    else if (best >= beta) lo = std::max(lo, best);
    else lo = hi = best;
    e->key = key;
    e->lo = static_cast<std::uint8_t>(lo);
    e->hi = static_cast<std::uint8_t>(hi);
    e->move = best_move;
    e->cards = static_cast<std::uint8_t>(count(remaining));
  }
  return best;
}

// Abnat each team is sure to take from a trick boundary where `leader` leads: its trumps above every
// trump of the other team win whatever trick they fall in, and the leader can cash its cards that
// no other card of their suit beats (plain suits only while no opponent holds a trump). Returns true
// when the leader's side takes every trick that way.
bool Solver::sure_abnat(int leader, int (&sure)[2]) const {
  sure[0] = sure[1] = 0;
  const Hand trumps = contract_.trump_mask();
  const int team = team_of(leader);
  const Hand ours = hands_[leader] | hands_[partner_of(leader)];
  const Hand theirs = hands_[seat_after(leader)] | hands_[seat_after(leader, 3)];
  Hand cashed = 0;
  if (trumps) {
    const Hand live = (ours | theirs) & trumps;
    if (live) {
      // the top run of live trumps held by one team
      const Hand top_holder = ours & trumps;
      Hand run = 0;
      const int trump = contract_.trump;
      const std::uint8_t* by_power = kTrumpByPower;
      int run_team = -1;
      for (int p = kNumRanks - 1; p >= 0; --p) {
        const Card c = make_card(trump, by_power[p]);
        if (!(live & bit(c))) continue;
        const int t = (top_holder & bit(c)) ? team : 1 - team;
        if (run_team < 0) run_team = t;
        if (t != run_team) break;
        run |= bit(c);
      }
      for (Hand h = run; h; h = without_lowest(h)) sure[run_team] += abnat_[lowest_card(h)];
      if (run_team == team) cashed |= run & hands_[leader];
    }
  }
  if (!(theirs & trumps)) {
    const Hand others = theirs | hands_[partner_of(leader)];
    for (int suit = 0; suit < kNumSuits; ++suit) {
      if (suit == contract_.trump) continue;
      const Hand mine = hands_[leader] & suit_mask(suit);
      if (!mine) continue;
      const Hand rest = others & suit_mask(suit);
      Hand masters = mine;
      if (rest) {
        const Card top_rest = [&] {
          Card best = lowest_card(rest);
          for (Hand h = without_lowest(rest); h; h = without_lowest(h))
            if (power_[lowest_card(h)] > power_[best]) best = lowest_card(h);
          return best;
        }();
        masters = mine & above_[top_rest];
      }
      for (Hand h = masters; h; h = without_lowest(h)) sure[team] += abnat_[lowest_card(h)];
      cashed |= masters;
    }
  }
  return cashed == hands_[leader];
}

// Cards of one hand that no live card (in another hand or on the table) separates in strength are
// interchangeable for who wins every later trick; only their abnat differ. Within such a group, cards
// of equal abnat are equivalent: keep one. When `dominance` is on and the current trick's winning
// team no longer depends on the seats still to play, the richest member dominates the rest if that
// team is ours and the poorest if it is theirs (swap the two cards in any line of play: only the
// abnat of this trick and of the later trick that takes the other card change).
Hand Solver::merge_equivalent(Hand legal, int seat, bool dominance) const {
  Hand live_others = 0;
  for (int other = 0; other < kNumSeats; ++other)
    if (other != seat) live_others |= hands_[other];
  for (int i = 0; i < len_; ++i) live_others |= bit(trick_[i]);
  Hand out = 0;
  int decided_cache = -2;  // the trick's decided team for a winning card of ours (-1: open), per node
  for (int suit = 0; suit < kNumSuits; ++suit) {
    const std::uint32_t mine = suit_holding(legal, suit);
    if (!(mine & (mine - 1))) {
      out |= Hand{mine} << (8 * suit);
      continue;
    }
    const std::uint32_t others = suit_holding(live_others, suit);
    const std::uint8_t* by_power = suit == contract_.trump ? kTrumpByPower : kPlainByPower;
    Card group[kNumRanks];
    int n = 0;
    auto flush = [&]() {
      if (n == 1) {
        out |= bit(group[0]);
      } else if (n > 1) {
        int decided = -1;
        if (dominance) decided = decided_team(group[0], seat, decided_cache);
        if (decided >= 0) {
          Card pick = group[0];
          for (int i = 1; i < n; ++i) {
            const bool richer = abnat_[group[i]] > abnat_[pick];
            const bool poorer = abnat_[group[i]] < abnat_[pick];
            if (decided == team_of(seat) ? richer : poorer) pick = group[i];
          }
          out |= bit(pick);
        } else {
          std::uint32_t values_seen = 0;  // abnat values are < 32
          for (int i = 0; i < n; ++i) {
            const std::uint32_t v = 1u << abnat_[group[i]];
            if (!(values_seen & v)) out |= bit(group[i]);
            values_seen |= v;
          }
        }
      }
      n = 0;
    };
    for (int p = 0; p < kNumRanks; ++p) {
      const int r = by_power[p];
      if (mine >> r & 1) group[n++] = make_card(suit, r);
      else if (others >> r & 1) flush();
    }
    flush();
  }
  return out;
}

// The team that takes the current trick whatever the seats after `seat` play, when `seat` plays `c`;
// -1 when they could still change it. Only cards that could beat the winner matter, so a seat that
// holds none cannot change it. `cache` remembers the answer for "the trick as it stands" (c loses).
int Solver::decided_team(Card c, int seat, int& cache) const {
  Card winning;
  int winner_seat;
  int led;
  if (len_ == 0) {
    winning = c;
    winner_seat = seat;
    led = suit_of(c);
  } else {
    led = suit_of(trick_[0]);
    const int w = trick_winner(trick_, len_, contract_);
    winning = trick_[w];
    winner_seat = seat_after(leader_, w);
    if (beat_key(c, led) > beat_key(winning, led)) {
      winning = c;
      winner_seat = seat;
    } else if (cache != -2) {
      return cache;
    }
  }
  const Hand trumps = contract_.trump_mask();
  const bool trump_winning = contract_.is_trump(winning);
  int result = team_of(winner_seat);
  for (int i = len_ + 1; i < kNumSeats; ++i) {
    const Hand hand = hands_[seat_after(leader_, i)];
    if (hand & above_[winning]) result = -1;
    else if (!trump_winning && (hand & trumps) && !(hand & suit_mask(led))) result = -1;
    if (result < 0) break;
  }
  if (winner_seat != seat) cache = result;
  return result;
}

// Leads: the stored best lead first, then masters that cannot be trumped (richest first), then
// leads under a partner's master, then low cards.
int Solver::order_lead(Hand legal, int seat, Card tt_move, Card* out) const {
  const int partner = partner_of(seat);
  const Hand opponents = hands_[seat_after(seat)] | hands_[seat_after(seat, 3)];
  const Hand others = opponents | hands_[partner];
  const Hand trumps = contract_.trump_mask();
  int scores[kNumTricks];
  int n = 0;
  for (Hand h = legal; h; h = without_lowest(h)) {
    const Card c = lowest_card(h);
    const int suit = suit_of(c);
    const Hand suit_cards = suit_mask(suit);
    int score;
    if (c == tt_move) {
      score = 1 << 20;
    } else {
      Hand higher_out = 0;
      for (Hand o = others & suit_cards; o; o = without_lowest(o))
        if (power_[lowest_card(o)] > power_[c]) higher_out |= bit(lowest_card(o));
      bool ruffable = false;
      if (trumps && !contract_.is_trump(c)) {
        for (int k = 1; k <= 3; k += 2) {
          const Hand opp = hands_[seat_after(seat, k)];
          if (!(opp & suit_cards) && (opp & trumps)) ruffable = true;
        }
      }
      if (!higher_out) {
        score = (ruffable ? 2000 : 8000) + 16 * abnat_[c];
      } else if (!(higher_out & opponents) && !ruffable) {
        score = 6000 - 16 * abnat_[c] - power_[c];  // partner's card is master: lead low to it
      } else {
        score = 4000 - 16 * abnat_[c] - power_[c];
      }
    }
    out[n] = c;
    scores[n++] = score;
  }
  return sort_by_score(out, scores, n);
}

// Following: last to play takes the trick as cheaply as it can or dumps points on a partner's trick;
// earlier seats try to win when an opponent is ahead and give points when the partner is ahead.
int Solver::order_follow(Hand legal, int seat, Card* out) const {
  const int led = suit_of(trick_[0]);
  const int win_index = trick_winner(trick_, len_, contract_);
  const Card winning = trick_[win_index];
  const bool partner_winning = win_index == len_ - 2;
  auto key = [&](Card c) {
    if (contract_.is_trump(c)) return 32 + power_[c];
    return suit_of(c) == led ? 16 + power_[c] : 0;
  };
  const int winning_key = key(winning);
  const bool last = len_ == kNumSeats - 1;
  int scores[kNumTricks];
  int n = 0;
  for (Hand h = legal; h; h = without_lowest(h)) {
    const Card c = lowest_card(h);
    const int k = key(c);
    int score;
    if (partner_winning) {
      score = 16 * abnat_[c] - power_[c];
      if (!last) score = -score;
    } else if (k > winning_key) {
      score = last ? 4000 - k : 4000 + k;
    } else {
      score = -16 * abnat_[c] - power_[c];
    }
    (void)seat;
    out[n] = c;
    scores[n++] = score;
  }
  return sort_by_score(out, scores, n);
}

// ---- Root ----------------------------------------------------------------------------------------

SolveResult Solver::solve(const Position& p, bool all_moves) {
  load(p);
  SolveResult r;
  for (int& v : r.move_value) v = -1;
  const int seat = p.to_move();
  const int team = team_of(seat);
  const int total = abnat_to_win(p);
  r.mover = seat;
  r.legal = legal_moves(hands_[seat], trick_, len_, contract_, rules_);
  const Hand reps = merge_equivalent(r.legal, seat, false);
  // mover-team value from team 0's, and a mover-team window as team 0's
  auto mine = [&](int v) { return team == 0 ? v : total - v; };

  Card order[kNumTricks];
  const int n = len_ == 0 ? order_lead(reps, seat, kNoMove, order) : order_follow(reps, seat, order);
  int best = -1;
  Hand best_set = 0;
  for (int i = 0; i < n; ++i) {
    const Card c = order[i];
    int u;
    if (all_moves || i == 0) {
      u = mine(play_and_search(c, -1, total + 1));
    } else {
      const int lo = best - 1, hi = best + 1;  // mover-team window: is this card as good as the best?
      const int v = team == 0 ? play_and_search(c, lo, hi) : play_and_search(c, total - hi, total - lo);
      u = mine(v);
      if (u >= hi) u = mine(play_and_search(c, -1, total + 1));
      else if (u <= lo) continue;
    }
    r.move_value[c] = u;
    if (u > best) {
      best = u;
      best_set = bit(c);
    } else if (u == best) {
      best_set |= bit(c);
    }
  }
  // equivalent cards share the value of the card kept for them
  Hand live_others = 0;
  for (int other = 0; other < kNumSeats; ++other)
    if (other != seat) live_others |= hands_[other];
  for (int i = 0; i < len_; ++i) live_others |= bit(trick_[i]);
  for (Hand h = r.legal & ~reps; h; h = without_lowest(h)) {
    const Card c = lowest_card(h);
    Card rep = c;
    for (Hand k = reps & suit_mask(suit_of(c)); k; k = without_lowest(k)) {
      const Card cand = lowest_card(k);
      const Card low = power_[cand] < power_[c] ? cand : c;
      const Card high = low == c ? cand : c;
      const Hand between = above_[low] & ~above_[high] & ~bit(high);
      if (abnat_[cand] == abnat_[c] && !(between & live_others)) rep = cand;
    }
    r.move_value[c] = r.move_value[rep];
    if (best_set & bit(rep)) best_set |= bit(c);
  }
  r.best = best_set;
  r.value[team] = best;
  r.value[1 - team] = total - best;
  r.nodes = nodes_;
  return r;
}

int Solver::value(const Position& p, int guess) {
  load(p);
  const int total = abnat_to_win(p);
  int lower = 0, upper = total, g = guess;
  if (guess >= 0 && team_of(p.to_move()) == 1) g = total - guess;
  while (lower < upper) {
    const int beta = guess < 0 ? (lower + upper + 1) / 2 : (g == lower ? g + 1 : g);
    g = len_ == 0 ? search_lead(beta - 1, beta) : search(beta - 1, beta);
    if (g < beta) upper = g;
    else lower = g;
  }
  const int v = g;
  return team_of(p.to_move()) == 0 ? v : total - v;
}

// ---- Timing --------------------------------------------------------------------------------------

SolverTiming time_solver(int n, std::uint64_t seed, bool all_moves, int mode) {
  std::vector<Position> deals(static_cast<std::size_t>(n));
  Rng rng(seed);
  const Rules rules;
  const int scores[2] = {0, 0};
  for (int i = 0; i < n; ++i) {
    HandState state = HandState::random_deal(rng, static_cast<int>(rng.below(4)), scores, rules);
    const bool hokum = mode < 0 ? (i & 1) != 0 : mode == 1;
    state.force_contract(hokum ? Contract{Mode::kHokum, static_cast<int>(rng.below(4))} : Contract{Mode::kSun, kNoSuit});
    deals[static_cast<std::size_t>(i)] = position_of(state);
  }
  Solver solver;
  std::vector<double> micros(static_cast<std::size_t>(n));
  double nodes = 0;
  volatile int sink = 0;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < n; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    const SolveResult r = solver.solve(deals[static_cast<std::size_t>(i)], all_moves);
    const auto t1 = std::chrono::steady_clock::now();
    sink = sink + r.value[0];
    nodes += static_cast<double>(r.nodes);
    micros[static_cast<std::size_t>(i)] = std::chrono::duration<double, std::micro>(t1 - t0).count();
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::sort(micros.begin(), micros.end());
  SolverTiming t;
  t.solves = n;
  t.seconds = seconds;
  t.solves_per_second = n / seconds;
  t.median_us = micros[micros.size() / 2];
  t.p99_us = micros[std::min(micros.size() - 1, micros.size() * 99 / 100)];
  t.max_us = micros.back();
  t.mean_nodes = nodes / n;
  return t;
}

}  // namespace baloot
