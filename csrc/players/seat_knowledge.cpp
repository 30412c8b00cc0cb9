#include "players/seat_knowledge.hpp"

#include "players/suit_tables.hpp"

namespace baloot {

void infer(const SeatView& v, Knowledge& k) {
  const int me = v.seat();
  const int done = v.tricks_played();
  // The shown voids by seat counted from this one, four bits each.
  const unsigned shown = v.shown_voids();
  const unsigned voids = ((shown | shown << 16) >> (4 * me)) & 0xFFFFu;
  const Hand unseen = v.unseen();
  // The up-card is in its holder's hand, so no other seat has it (when this seat holds it or it has
  // been played, it is not among the unseen cards anyway).
  const int holder = (v.up_card_holder() - me) & 3;
  const Hand up = bit(v.up_card());
  k.possible[0] = v.hand();
  for (int step = 1; step < kNumSeats; ++step) {
    const Hand not_up = ~(up & (Hand{0} - (step != holder)));  // without a branch: seats vary by decision
    k.possible[step] = unseen & not_up & kOutsideSuits.of[voids >> (4 * step) & 0xF];
  }
  // A seat whose possible cards are no more than its hand holds them all. Without a known void a
  // seat may hold every unseen card but the up-card and those of one other seat: more than its hand
  // while each hidden hand holds two cards or more. Such a seat is rare, so all three are checked at
  // once first: taking cards away only happens after one is found.
  const bool late = done >= kNumTricks - 2;
  const int leader = (v.leader() - me) & 3;
  const int cur = v.trick_len();
  const auto holds_all = [&](int step) {
    const int left = kNumTricks - done - (((step - leader) & 3) < cur ? 1 : 0);
    return (((voids >> (4 * step) & 0xF) != 0) | late) & (popcount(k.possible[step]) <= left);
  };
  if (holds_all(kNext) | holds_all(kPartner) | holds_all(kPrevious)) {
    for (int step = 1; step < kNumSeats; ++step)
      if (holds_all(step))
        for (int o = 1; o < kNumSeats; ++o)
          if (o != step) k.possible[o] &= ~k.possible[step];
  }
  k.opp = k.possible[kNext] | k.possible[kPrevious];
}

}  // namespace baloot
