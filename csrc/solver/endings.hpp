// The last tricks, solved without the search's frame: the last trick, and the last two tricks, whose
// exact values are cached by the cards (see boundary_key).
// Part of the search's translation unit, included by search.cpp alone: the functions are defined here
// as in one source file, so that GCC makes the same inlining choices as it would there.
#pragma once

#include <algorithm>

#include "solver/table.hpp"

namespace baloot {

// The winner's index in four cards, from the kernel's answers in beats_.
int Solver::winner_of(const Card* t) const {
  const Hand* beats = beats_[suit_of(t[0])];
  int w = 0;
  for (int i = 1; i < kNumSeats; ++i)
    if (beats[t[w]] & bit(t[i])) w = i;
  return w;
}

int Solver::last_trick() {
  ++nodes_;
  Card cards[kNumSeats];
  for (int i = 0; i < kNumSeats; ++i) cards[i] = lowest_card(hands_[seat_after(leader_, i)]);
  return team_of(seat_after(leader_, winner_of(cards))) == 0 ? live_abnat_ + kLastTrickAbnat : 0;
}

// The last card of the trick before the last two: team 0's abnat of this trick and of the ending after it.
template <bool kSun>
int Solver::play_into_ending(Card c) {
  const int seat = seat_after(leader_, 3);
  const int winner = seat_after(leader_, (takers_ & bit(c)) ? 3 : win_);
  const int points = abnat_[trick_[0]] + abnat_[trick_[1]] + abnat_[trick_[2]] + abnat_[c];
  hands_[seat] &= ~bit(c);
  const int v = two_tricks<kSun>(winner, live_abnat_ - points + kLastTrickAbnat);  // live_abnat_ counts the trick
  hands_[seat] |= bit(c);
  return team_of(winner) == 0 ? points + v : v;
}

// The last two tricks of the hands where `leader` leads (total: the abnat still to win): the cached
// exact value, else searched directly and cached. The second trick is forced (each seat plays its other
// card), so the search is the first trick's four plies: alpha-beta on the abnat the leader's side takes,
// in [0, total], which its seats maximise and the others minimise.
template <bool kSun>
[[gnu::noinline]] int Solver::two_tricks(int leader, int total) {
  ++nodes_;
  const std::uint64_t key = boundary_key(all_hands(hands_)) | std::uint64_t(leader) << 56;
  Ending& slot = ending_slot(key);
  if (use_tt_ && slot.key == key && slot.stamp == stamp_) return static_cast<int>(slot.value);
  const Hand h0 = hands_[leader], h1 = hands_[seat_after(leader)], h2 = hands_[partner_of(leader)],
             h3 = hands_[seat_after(leader, 3)];
  Card last[kNumSeats];  // each seat's other card
  // The leader's side's abnat once the first trick (first: its abnat) is won by the w-th seat. The last
  // trick goes to the card that no other card there takes it from; the kernel's answers order the
  // cards by one power, so the seats may be asked in any order.
  auto line = [&](int w, int first) {
    const Hand* takes = beats_[suit_of(last[w])];
    Card top = last[w];
    int lw = w;
    for (int i = 0; i < kNumSeats; ++i)
      if (takes[top] & bit(last[i])) top = last[i], lw = i;
    return (w & 1 ? 0 : first) + (lw & 1 ? 0 : total - first);
  };
  int best0 = 0;
  for (Hand m0 = h0; m0 && best0 < total; m0 = without_lowest(m0)) {
    const Card c0 = lowest_card(m0);
    last[0] = lowest_card(h0 ^ bit(c0));
    const int led = suit_of(c0);
    const Hand* takes = beats_[led];
    auto follows = [&](Hand h, Card winning, bool partner_winning) {
      return legal_follows(h, led, winning, partner_winning, contract<kSun>(), rules_);
    };
    int best1 = total;
    for (Hand m1 = follows(h1, c0, false); m1 && best1 > best0; m1 = without_lowest(m1)) {
      const Card c1 = lowest_card(m1);
      last[1] = lowest_card(h1 ^ bit(c1));
      const int w1 = (takes[c0] & bit(c1)) ? 1 : 0;
      const Card win1 = w1 ? c1 : c0;
      int best2 = best0;
      for (Hand m2 = follows(h2, win1, w1 == 0); m2 && best2 < best1; m2 = without_lowest(m2)) {
        const Card c2 = lowest_card(m2);
        last[2] = lowest_card(h2 ^ bit(c2));
        const int w2 = (takes[win1] & bit(c2)) ? 2 : w1;
        const Card win2 = w2 == 2 ? c2 : win1;
        int best3 = best1;
        for (Hand m3 = follows(h3, win2, w2 == 1); m3 && best3 > best2; m3 = without_lowest(m3)) {
          const Card c3 = lowest_card(m3);
          last[3] = lowest_card(h3 ^ bit(c3));
          const int w = (takes[win2] & bit(c3)) ? 3 : w2;
          best3 = std::min(best3, line(w, abnat_[c0] + abnat_[c1] + abnat_[c2] + abnat_[c3]));
        }
        best2 = std::max(best2, best3);
      }
      best1 = std::min(best1, best2);
    }
    best0 = std::max(best0, best1);
  }
  const int v = team_of(leader) == 0 ? best0 : total - best0;
  slot = Ending{key, static_cast<std::uint32_t>(stamp_), static_cast<std::uint32_t>(v)};
  return v;
}

}  // namespace baloot
