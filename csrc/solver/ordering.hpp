// Which cards the search tries, and in what order: interchangeable cards merged, the rest ranked. At
// every node the killer (the last card that cut the search off in the same trick situation where the
// card ordered first did not) comes first: a card that refutes one line often refutes its siblings.
// Part of the search's translation unit, included by search.cpp alone: the functions are defined here
// as in one source file, so that GCC makes the same inlining choices as it would there.
#pragma once

#include <utility>

#include "solver/common.hpp"

namespace baloot {

// The cards of `mine` (a suit in strength order) whose next weaker live card, skipping the played
// ones (neither in `mine` nor in `others`), is also in `mine`: a bit entering a run of played cards
// carries through it to the next live card. Bit 7 counts as live so that no carry leaves the suit.
inline std::uint32_t joined_cards(std::uint32_t mine, std::uint32_t others) {
  const std::uint32_t played = ~(mine | others) & 0x7F;
  return (played + (mine << 1)) & mine;
}

// Insertion sort of up to 8 ranked cards, best first.
[[gnu::always_inline]] inline void sort_ranked(int* keys, int n) {
  if (n == 2) {  // the commonest case, one compare
    if (keys[0] < keys[1]) std::swap(keys[0], keys[1]);
    return;
  }
  for (int i = 1; i < n; ++i) {
    const int k = keys[i];
    int j = i;
    for (; j > 0 && keys[j - 1] < k; --j) keys[j] = keys[j - 1];
    keys[j] = k;
  }
}

// Cards of one hand that no live card (in another hand or on the table) separates in strength order
// win and lose exactly the same tricks in every line of play; only their abnat differ. Swapping two
// of them in any line changes only the abnat of the two tricks they fall in. So within such a run:
// cards of equal abnat are interchangeable (keep one), and when the team that takes the current trick
// no longer depends on the seats still to play, the richest card of the run dominates the others if
// that team is ours and the poorest if it is theirs (`dominance`; never at the root, whose every card
// gets its own value). Within a suit abnat never falls as strength rises (plain 0 0 0 2 3 4 10 11,
// trump 0 0 3 4 10 11 14 20), so the richest card of a run is its strongest, the poorest its weakest,
// and the only cards of equal abnat are the zero-abnat cards at the bottom of the order.
[[gnu::always_inline]] inline Hand Solver::reduce(Hand legal, int seat, bool dominance) const {
  Hand pairs = legal & ((legal | 0x80808080u) - 0x01010101u);  // a card in each suit holding two or more
  if (!pairs) return legal;
  const Hand live_others = live_ & ~hands_[seat];
  Hand out = legal;
  while (pairs) {
    const int suit = suit_of(lowest_card(pairs));
    pairs &= ~suit_mask(suit);
    std::uint32_t rest = pw(legal, suit);
    const std::uint32_t others = pw(live_others, suit);
    if (!joined_cards(rest, others)) continue;
    out &= ~suit_mask(suit);
    const std::uint32_t zeros = kZeroPowers[kind_[suit]];
    std::uint32_t keep = 0;
    while (rest) {
      const std::uint32_t low = rest & (0u - rest);
      const std::uint32_t stop = others & ~((low << 1) - 1);
      const std::uint32_t run = stop ? rest & ((stop & (0u - stop)) - 1) : rest;
      rest &= ~run;
      if (run == low) {
        keep |= run;
        continue;
      }
      const int decided = dominance ? decided_team(lowest_card(from_pw(low, suit)), seat) : -1;
      if (decided < 0) keep |= run & ~(zeros & ~low);  // the run's poorest zero-abnat card stands for all
      else if (decided != team_of(seat) || (run & ~zeros) == 0) keep |= low;
      else keep |= 1u << top_bit(run);
    }
    out |= from_pw(keep, suit);
  }
  return out;
}

// The team that takes the current trick whatever the seats after `seat` play, once `seat` plays `c`;
// -1 when one of them holds a card that could still take it.
int Solver::decided_team(Card c, int seat) const {
  const bool takes = takers_ & bit(c);
  const Hand threats = takes ? beats_[suit_of(len_ > 0 ? trick_[0] : c)][c] : takers_;
  for (int i = len_ + 1; i < kNumSeats; ++i)
    if (hands_[seat_after(leader_, i)] & threats) return -1;
  return team_of(takes ? seat : seat_after(leader_, win_));
}



// Leads (the killer and the stored best lead, tried before the others are scored, are not among the
// moves): the killer before the last, then masters nobody can ruff (richest first), then low leads to
// a partner's master, then low cards from short suits first.
template <bool kSun>
[[gnu::always_inline]] inline int Solver::order_lead(Hand moves, int seat, Card second_killer, int* keys) const {
  const Hand mine = hands_[seat];
  const Hand opp1 = hands_[seat_after(seat)], opp3 = hands_[seat_after(seat, 3)];
  const Hand trumps = contract<kSun>().trump_mask();
  const std::uint32_t opponents_p = powers_[seat_after(seat)] | powers_[seat_after(seat, 3)];
  const std::uint32_t others_p = opponents_p | powers_[partner_of(seat)];
  int n = 0;
  for (Hand h = moves; h; h = without_lowest(h)) {
    const Card c = lowest_card(h);
    const int suit = suit_of(c);
    int score;
    if (c == second_killer) {
      score = 1 << 18;
    } else {
      const std::uint32_t higher = bits_above(power_[c]);
      const bool higher_out = suit_byte(others_p, suit) & higher;
      bool ruffable = false;
      if (trumps && suit != contract<kSun>().trump) {
        const Hand s = suit_mask(suit);
        ruffable = (!(opp1 & s) && (opp1 & trumps)) || (!(opp3 & s) && (opp3 & trumps));
      }
      if (!higher_out) score = (ruffable ? 2000 : 8000) + 16 * abnat_[c];
      else if (!(suit_byte(opponents_p, suit) & higher) && !ruffable) score = 6000 - worth_[c];
      else score = 4000 - worth_[c] - 64 * popcount(mine & suit_mask(suit));
    }
    keys[n++] = ranked(c, score);
  }
  sort_ranked(keys, n);
  return n;
}

// Following (the killer, tried before the others are scored, is not among the moves): the killer
// before the last first; then, when the partner is ahead, the third seat tries to take over with a
// card the last seat cannot beat, then gives its richest card if the last seat cannot beat the
// partner either (the last seat always does), its poorest if it can; when an opponent is ahead, the
// cheapest card that takes the lead and that the next seat cannot overtake in its suit first, then
// the cheapest that only a ruff can take back, then the poorest of the rest.
template <bool kSun>
[[gnu::always_inline]] inline int Solver::order_follow(Hand moves, Card second_killer, int* keys) const {
  const bool partner_winning = win_ == len_ - 2;
  const int led = suit_of(trick_[0]);
  const bool last = len_ == kNumSeats - 1;
  const Hand next = last ? 0 : hands_[seat_after(leader_, len_ + 1)];
  const bool partner_stays = partner_winning && !(next & takers_);
  int n = 0;
  for (Hand h = moves; h; h = without_lowest(h)) {
    const Card c = lowest_card(h);
    const int poorest_first = -worth_[c];
    int score;
    if (c == second_killer) {
      score = 1 << 18;
    } else if (partner_winning) {
      score = partner_stays ? -poorest_first : poorest_first;
      if (!last && (takers_ & bit(c)) && !(next & beats_[led][c])) score = 4000 - power_[c];
    } else if (takers_ & bit(c)) {
      const int strength = contract<kSun>().is_trump(c) ? 16 + power_[c] : power_[c];
      const Hand overtakers = next & beats_[led][c];
      score = !overtakers ? 4000 - strength : (overtakers & suit_mask(suit_of(c))) ? poorest_first : 2000 - strength;
    } else {
      score = poorest_first;
    }
    keys[n++] = ranked(c, score);
  }
  sort_ranked(keys, n);
  return n;
}

Hand Solver::root_moves(Hand legal, int seat) const { return reduce(legal, seat, false); }

int Solver::order_root(Hand moves, int seat, int* keys) {
  const Card second_killer = killers()[1];
  if (contract_.mode == Mode::kSun)
    return len_ == 0 ? order_lead<true>(moves, seat, second_killer, keys) : order_follow<true>(moves, second_killer, keys);
  return len_ == 0 ? order_lead<false>(moves, seat, second_killer, keys) : order_follow<false>(moves, second_killer, keys);
}

}  // namespace baloot
