// Positions: the solver's view of a hand being played, checked before any search.
#include <string>

#include "solver/common.hpp"

namespace baloot {

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
  const int base = count(p.hands[seat_after(p.leader, 3)]);  // the last seat has not played yet
  if (base == 0) throw RuleError("every hand is empty: nothing to solve");
  if (base > kNumTricks) throw RuleError("a hand holds more than 8 cards");
  for (int i = 0; i < kNumSeats; ++i) {
    const int seat = seat_after(p.leader, i);
    const int want = i < p.trick_len ? base - 1 : base;
    if (count(p.hands[seat]) != want)
      throw RuleError("seat " + std::to_string(seat) + " holds " + std::to_string(count(p.hands[seat])) + " cards; " +
                      std::to_string(want) + " fit the hands and the trick on the table");
  }
}

int abnat_to_win(const Position& p) {
  int total = kLastTrickAbnat + hand_abnat(all_hands(p.hands), p.contract);
  for (int i = 0; i < p.trick_len; ++i) total += card_abnat(p.trick[i], p.contract);
  return total;
}

}  // namespace baloot
