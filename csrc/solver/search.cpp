// The search: fail-soft alpha-beta over team 0's abnat, from every node to the end of the hand.
// Every search returns team 0's abnat from its node on: the cards of the trick in progress, every later
// trick and the last-trick 10. Team 0 maximises, team 1 minimises. Legal moves come from the kernel's
// legal_moves at every node, so every host option applies as in a real hand.
// The searches are compiled for each team to move and each kind of contract (in Sun the contract is a
// constant, so the kernel's rules and the orderings drop their trump logic). The helpers that GCC would
// keep out of line inside the Python extension (its link-time unit is large) are forced inline: one call
// per card instead of several.
#include <algorithm>
#include <cstring>

#include "solver/bounds.hpp"
#include "solver/endings.hpp"
#include "solver/ordering.hpp"
#include "solver/table.hpp"

namespace baloot {

int Solver::search(int alpha, int beta) {
  return contract_.mode == Mode::kSun ? search_in<true>(alpha, beta) : search_in<false>(alpha, beta);
}

template <bool kSun>
inline int Solver::search_in(int alpha, int beta) {
  const bool team0 = team_of(seat_after(leader_, len_)) == 0;
  if (len_ == 0) return team0 ? search_boundary<true, kSun>(alpha, beta) : search_boundary<false, kSun>(alpha, beta);
  return team0 ? search_follow<true, kSun>(alpha, beta) : search_follow<false, kSun>(alpha, beta);
}

template <bool kMaximising, bool kSun>
inline int Solver::search_boundary(int alpha, int beta) {
  if (tricks_left_ > 2) return search_lead<kMaximising, kSun>(alpha, beta);
  return tricks_left_ == 2 ? two_tricks<kSun>(leader_, live_abnat_ + kLastTrickAbnat) : last_trick();
}

template <bool kMaximising, bool kSun>
[[gnu::always_inline]] inline int Solver::play_and_search(Card c, int alpha, int beta) {
  const int seat = seat_after(leader_, len_);
  const int saved_win = win_;
  const Hand saved_takers = takers_;
  trick_[len_] = c;
  if (takers_ & bit(c)) {
    win_ = len_;
    takers_ = beats_[suit_of(trick_[0])][c];
  }
  const int played = ++len_;
  hands_[seat] &= ~bit(c);
  powers_[seat] &= ~power_bit_[c];
  const int v = played == kNumSeats ? finish_trick<kSun>(alpha, beta) : search_follow<!kMaximising, kSun>(alpha, beta);
  len_ = played - 1;
  hands_[seat] |= bit(c);
  powers_[seat] |= power_bit_[c];
  win_ = saved_win;
  takers_ = saved_takers;
  return v;
}

template <bool kSun>
int Solver::finish_trick(int alpha, int beta) {
  const int winner = seat_after(leader_, win_);
  const int points = abnat_[trick_[0]] + abnat_[trick_[1]] + abnat_[trick_[2]] + abnat_[trick_[3]];
  const bool ours = team_of(winner) == 0;
  if (tricks_left_ == 1) return ours ? points + kLastTrickAbnat : 0;
  Card saved[kNumSeats];
  std::memcpy(saved, trick_, sizeof saved);
  const int saved_leader = leader_;
  const Hand saved_takers = takers_;
  leader_ = winner;
  len_ = 0;
  takers_ = kFullDeck;
  const Hand trick_cards = bit(trick_[0]) | bit(trick_[1]) | bit(trick_[2]) | bit(trick_[3]);
  live_ &= ~trick_cards;
  --tricks_left_;
  live_abnat_ -= points;
  const int v = ours ? points + search_boundary<true, kSun>(alpha - points, beta - points)
                     : search_boundary<false, kSun>(alpha, beta);
  live_abnat_ += points;
  ++tricks_left_;
  live_ |= trick_cards;
  len_ = kNumSeats;
  takers_ = saved_takers;
  leader_ = saved_leader;
  std::memcpy(trick_, saved, sizeof saved);
  return v;
}

// A follower's card; the last card of the trick before the last two goes straight to the ending after it.
template <bool kMaximising, bool kSun>
[[gnu::always_inline]] inline int Solver::play_follower(Card c, int alpha, int beta) {
  return len_ == kNumSeats - 1 && tricks_left_ == 3 ? play_into_ending<kSun>(c)
                                                     : play_and_search<kMaximising, kSun>(c, alpha, beta);
}


template <bool kMaximising, bool kSun>
int Solver::search_follow(int alpha, int beta) {
  ++nodes_;
  const int seat = seat_after(leader_, len_);
  const Hand legal = legal_moves(hands_[seat], trick_, len_, win_, contract<kSun>(), rules_);
  const Hand moves = without_lowest(legal) ? reduce(legal, seat, true) : legal;
  if (!without_lowest(moves)) return play_follower<kMaximising, kSun>(lowest_card(moves), alpha, beta);
  // Enhanced transposition cutoff: the last card of a trick (three or more tricks from the end) leads
  // to a trick boundary whose bounds may be stored already. A card whose stored bound shows it fails
  // is not played: its bound stands in for its value.
  int best = kMaximising ? -kInf : kInf;
  Hand settled = 0;
  if (len_ == kNumSeats - 1 && tricks_left_ > 3 && use_tt_) {
    const std::uint32_t held = held_powers();
    const int base = abnat_[trick_[0]] + abnat_[trick_[1]] + abnat_[trick_[2]];
    for (Hand h = moves; h; h = without_lowest(h)) {
      const Card c = lowest_card(h);
      const int winner = seat_after(leader_, (takers_ & bit(c)) ? 3 : win_);
      const int points = team_of(winner) == 0 ? base + abnat_[c] : 0;
      int lo = -kInf, hi = kInf;
      const Shape shape = shape_of(held & ~power_bit_[c]);
      const auto tag = static_cast<std::uint32_t>(stamp_ << 4 | winner << 2);
      lookup(bucket(shape, tag), shape, tag, lo, hi);
      if (kMaximising && lo != -kInf && points + lo >= beta) return points + lo;
      if (!kMaximising && hi != kInf && points + hi <= alpha) return points + hi;
      if (kMaximising ? hi != kInf && points + hi <= alpha : lo != -kInf && points + lo >= beta) {
        settled |= bit(c);
        best = kMaximising ? std::max(best, points + hi) : std::min(best, points + lo);
      }
    }
  }
  Card* const killers = this->killers();
  // Whether card c, the k-th tried, cuts the search off.
  auto cuts = [&](Card c, int k) {
    const int v = play_follower<kMaximising, kSun>(c, alpha, beta);
    if (kMaximising ? v <= best : v >= best) return false;
    best = v;
    if (!(kMaximising ? v > alpha && (alpha = v) >= beta : v < beta && alpha >= (beta = v))) return false;
    if (k > 0) add_killer(killers, c);
    return true;
  };
  // The killer, ordered first, is tried before the others are scored: it usually cuts.
  Hand rest = moves & ~settled;
  int tried = 0;
  const Card killer = killers[0];
  if (holds(rest, killer)) {
    if (cuts(killer, tried++)) return best;
    rest &= ~bit(killer);
  }
  int keys[kNumTricks];
  const int n = order_follow<kSun>(rest, killers[1], keys);
  for (int i = 0; i < n; ++i)
    if (cuts(card_of_ranked(keys[i]), tried++)) break;
  return best;
}

template <bool kMaximising, bool kSun>
int Solver::search_lead(int alpha, int beta) {
  ++nodes_;
  const int seat = leader_;
  const int most = live_abnat_ + kLastTrickAbnat;
  if (most <= alpha) return most;
  if (beta <= 0) return 0;
  const Shape shape = shape_of(held_powers());
  const std::uint32_t tag = this->tag();
  Entry* const entries = bucket(shape, tag);
  // Bounds known before searching: the stored ones of this boundary, which include the sure abnat;
  // else those of its shape and the sure abnat.
  int known_lo = 0, known_hi = most;
  Card tt_move = kNoMove;
  if (const Entry* e = use_tt_ ? lookup(entries, shape, tag, known_lo, known_hi) : nullptr) {
    tt_move = e->move;
  } else {
    if (use_bounds_ && known_lo < beta && known_hi > alpha) {
      int sure[2];
      if (sure_abnat<kSun>(seat, sure)) sure[team_of(seat)] = most, sure[1 - team_of(seat)] = 0;
      known_lo = std::max(known_lo, sure[0]);
      known_hi = std::min(known_hi, most - sure[1]);
    }
    // Kept when they settle the probe, so that the next visit need not count again.
    if (use_tt_ && (known_lo >= beta || known_hi <= alpha || known_lo == known_hi))
      store(entries, shape, tag, known_lo, known_hi, kNoMove);
  }
  if (known_lo >= beta) return known_lo;
  if (known_hi <= alpha) return known_hi;
  if (known_lo == known_hi) return known_lo;
  alpha = std::max(alpha, known_lo);
  beta = std::min(beta, known_hi);

  int best = kMaximising ? -kInf : kInf;
  Card best_move = kNoMove;
  int a = alpha, b = beta;
  Card* const killers = this->killers();
  // Whether card c, the k-th tried, cuts the search off.
  auto cuts = [&](Card c, int k) __attribute__((always_inline)) {
    const int v = play_and_search<kMaximising, kSun>(c, a, b);
    if (kMaximising ? v <= best : v >= best) return false;
    best = v;
    best_move = c;
    if (kMaximising) a = std::max(a, v);
    else b = std::min(b, v);
    if (a < b) return false;
    if (k > 0) add_killer(killers, c);
    return true;
  };
  // The cards ordered first, the killer and the stored best lead, are tried before the others are
  // scored: they usually cut.
  Hand rest = reduce(hands_[seat], seat, true);
  int tried = 0;
  bool cut = false;
  for (const Card c : {killers[0], tt_move}) {
    if (!holds(rest, c)) continue;
    if ((cut = cuts(c, tried++))) break;
    rest &= ~bit(c);
  }
  if (!cut) {
    int keys[kNumTricks];
    const int n = order_lead<kSun>(rest, seat, killers[1], keys);
    for (int i = 0; i < n; ++i)
      if (cuts(card_of_ranked(keys[i]), tried++)) break;
  }

  if (use_tt_) {
    int lo = known_lo, hi = known_hi;
    if (best <= alpha) hi = std::min(hi, best);
    else if (best >= beta) lo = std::max(lo, best);
    else lo = hi = best;
    store(entries, shape, tag, lo, hi, best_move);
  }
  return best;
}

int Solver::play_at_root(Card c, int alpha, int beta) {
  const bool team0 = team_of(seat_after(leader_, len_)) == 0;
  if (contract_.mode == Mode::kSun)
    return team0 ? play_and_search<true, true>(c, alpha, beta) : play_and_search<false, true>(c, alpha, beta);
  return team0 ? play_and_search<true, false>(c, alpha, beta) : play_and_search<false, false>(c, alpha, beta);
}

}  // namespace baloot
