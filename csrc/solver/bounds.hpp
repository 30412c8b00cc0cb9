// Sure-abnat bounds at trick boundaries: abnat a team takes whatever the other plays, counted without search.
// Part of the search's translation unit, included by search.cpp alone: the functions are defined here
// as in one source file, so that GCC makes the same inlining choices as it would there.
#pragma once

#include <algorithm>

#include "solver/common.hpp"
#include "solver/kernel_tables.hpp"

namespace baloot {

// Abnat each team is sure to take from a trick boundary where `leader` leads (leader_abnat; in Sun a
// leader that can only lead into the opponents' masters takes nothing sure, and they take what
// defence_abnat counts). Returns true when the leader's side takes every trick.
template <bool kSun>
[[gnu::always_inline]] inline bool Solver::sure_abnat(int leader, int (&sure)[2]) const {
  if (kSun && leads_into_masters(leader)) {
    sure[team_of(leader)] = 0;
    sure[1 - team_of(leader)] = defence_abnat(leader);
    return false;
  }
  return leader_abnat<kSun>(leader, sure);
}

// Abnat each team is sure to take from a trick boundary where `leader` leads: a team's trumps above
// every trump of the other team win whatever trick they fall in, and the leader can cash the cards
// that no other card of their suit beats, once the rounds led before them have drawn the cards above
// them (in a plain suit, for as many rounds as every opponent holding a trump must follow it), as long
// as it keeps the lead: under trump_over_partner its partner must ruff a plain master it cannot
// follow, and with must_overtrump too it must overtake a trump lead it can beat. It then leads to its
// partner's master (in a suit those opponents must follow), and when nobody else holds a trump the
// partner cashes its own masters. The other seats give a card to each of these tricks, following suit
// while they can. Returns true when every card of the leader is cashed: its side then takes every trick.
template <bool kSun>
[[gnu::always_inline]] inline bool Solver::leader_abnat(int leader, int (&sure)[2]) const {
  sure[0] = sure[1] = 0;
  const int team = team_of(leader);
  const Hand mine = hands_[leader];
  const Hand partner = hands_[partner_of(leader)];
  const Hand theirs = hands_[seat_after(leader)] | hands_[seat_after(leader, 3)];
  const std::uint32_t mine_p = powers_[leader], partner_p = powers_[partner_of(leader)];
  const std::uint32_t theirs_p = powers_[seat_after(leader)] | powers_[seat_after(leader, 3)];
  const Hand trumps = contract<kSun>().trump_mask();
  const bool partner_ruffs = rules_.trump_over_partner && (partner & trumps);
  Hand cashed = 0;
  Hand partner_counted = 0;  // the partner's cards already in sure[team]
  int rounds[kNumSuits] = {};  // how many times the leader leads each suit to cash
  const int trump = contract<kSun>().trump;
  if (trump != kNoSuit) {
    const std::uint32_t ours = suit_byte(mine_p | partner_p, trump), other = suit_byte(theirs_p, trump);
    if (ours | other) {
      const bool we_top = top_bit(ours | other) == (ours ? top_bit(ours) : -1);
      const std::uint32_t run = we_top ? (other ? ours & bits_above(top_bit(other)) : ours)
                                       : (ours ? other & bits_above(top_bit(ours)) : other);
      sure[we_top ? team : 1 - team] += tables_->abnat[1][run];
      const std::uint32_t led = run & suit_byte(mine_p, trump);
      const std::uint32_t partner_trumps = suit_byte(partner_p, trump);
      const bool overtaken = partner_ruffs && rules_.must_overtrump && led &&
                             top_bit(partner_trumps) > __builtin_ctz(led);
      if (we_top) partner_counted = from_pw(run, trump) & partner;
      if (we_top && !overtaken) {
        cashed |= from_pw(led, trump);
        // The partner may have to take a round of trumps with a top trump of its own, and the lead
        // with it: the leader's later top trumps then fall in tricks led in any suit.
        if (!partner_counted) rounds[trump] = popcount(led);
      }
      if (!we_top) {
        // Each of their top trumps takes a trick (two share one only when both opponents hold some),
        // and the leader's side gives a card to each of those tricks.
        const Hand top = from_pw(run, trump);
        const int tricks =
            std::max(popcount(top & hands_[seat_after(leader)]), popcount(top & hands_[seat_after(leader, 3)]));
        sure[1 - team] += poorest_abnat(mine, tricks) + poorest_abnat(partner, tricks);
      }
      // A team holding every trump takes the last trick when one of its hands holds nothing else.
      if (!(ours && other)) {
        const int holder = ours ? leader : seat_after(leader);
        if (!(hands_[holder] & ~trumps) || !(hands_[partner_of(holder)] & ~trumps)) sure[team_of(holder)] += kLastTrickAbnat;
      }
    }
  }
  // A plain master is cashed while every opponent holding a trump must follow its suit (so such an
  // opponent never ruffs, and never discards: what it holds of the other suits stays).
  for (int suit = 0; suit < kNumSuits; ++suit) {
    if (suit == trump) continue;
    const std::uint32_t own = suit_byte(mine_p, suit);
    if (!own) continue;
    std::uint32_t masters = cashable(leader, suit);
    if (partner_ruffs && popcount(partner & suit_mask(suit)) < popcount(masters)) continue;
    for (const int opponent : {seat_after(leader), seat_after(leader, 3)})
      if (hands_[opponent] & trumps)
        while (popcount(masters) > popcount(hands_[opponent] & suit_mask(suit))) masters &= masters - 1;
    sure[team] += tables_->abnat[0][masters];
    cashed |= from_pw(masters, suit);
    rounds[suit] = popcount(masters);
  }
  if (cashed == mine) return true;
  // Then the leader leads to its partner's master in a suit every opponent holding a trump must follow
  // (such an opponent followed every suit cashed so far), and while nobody else holds a trump, the
  // partner cashes its own.
  Hand entry = 0, entry_lead = 0, partner_cashed = 0;
  const int k = popcount(cashed);
  if (!partner_counted) entry = entry_to_partner<kSun>(leader, entry_lead);
  if (entry && !(theirs & trumps)) {
    partner_cashed = partner_masters<kSun>(partner & ~entry, theirs, cashed);
    // Both hands need enough other cards to give on the other side's tricks.
    if (popcount(partner & ~entry & ~partner_cashed) < k ||
        popcount(mine & ~cashed & ~entry_lead) < popcount(partner_cashed))
      partner_cashed = 0;
  }
  // Every other seat gives a card to each of these tricks, following suit while it can, so the
  // leader's side also takes the least the opponents can give, the least the partner's other cards
  // give to the leader's tricks and the least the leader's remaining cards give to the partner's.
  const int m = popcount(partner_cashed);
  const int tricks = k + (entry ? 1 : 0) + m;
  if (tricks) {
    int partner_rounds[kNumSuits], all_rounds[kNumSuits];
    for (int suit = 0; suit < kNumSuits; ++suit) {
      partner_rounds[suit] = popcount(partner_cashed & suit_mask(suit));
      all_rounds[suit] = rounds[suit] + partner_rounds[suit] + ((entry & suit_mask(suit)) ? 1 : 0);
    }
    sure[team] += hand_abnat(entry | entry_lead | partner_cashed, contract<kSun>()) +
                  given_abnat(hands_[seat_after(leader, 1)], all_rounds, tricks) +
                  given_abnat(hands_[seat_after(leader, 3)], all_rounds, tricks) +
                  given_abnat(mine & ~cashed & ~entry_lead, partner_rounds, m);
    // The partner's top trumps are counted already and it may have to follow with them.
    if (!partner_counted) sure[team] += given_abnat(partner & ~entry & ~partner_cashed, rounds, k);
  }
  return false;
}

// Whether an opponent holds the top card of every suit the leader holds: in Sun the leader then gives
// the lead to an opponent whatever it leads.
[[gnu::always_inline]] inline bool Solver::leads_into_masters(int leader) const {
  const std::uint32_t ours = powers_[leader] | powers_[partner_of(leader)];
  const std::uint32_t theirs = powers_[seat_after(leader)] | powers_[seat_after(leader, 3)];
  return !(nonempty_bytes(powers_[leader]) & ~nonempty_bytes(theirs & ~fill_below_byte_tops(ours)));
}

// After the leader cashed its masters: its poorest card of a plain suit in which the partner holds the
// card above every other (the leader's cards of that suit were no masters, so they are all still
// there) and that every opponent holding a trump must follow, and that card of the partner's; the
// richest such trick. 0 when there is none.
template <bool kSun>
[[gnu::always_inline]] inline Hand Solver::entry_to_partner(int leader, Hand& lead) const {
  const Hand first = hands_[seat_after(leader)], second = hands_[seat_after(leader, 3)];
  const std::uint32_t theirs = powers_[seat_after(leader)] | powers_[seat_after(leader, 3)];
  const Hand trumps = contract<kSun>().trump_mask();
  auto can_ruff = [&](Hand opponent, int suit) { return (opponent & trumps) && !(opponent & suit_mask(suit)); };
  Hand entry = 0;
  int best = -1;
  for (int suit = 0; suit < kNumSuits; ++suit) {
    const std::uint32_t own = suit_byte(powers_[leader], suit), top = suit_byte(powers_[partner_of(leader)], suit);
    if (suit == contract<kSun>().trump || !own || !top || top_bit(own | suit_byte(theirs, suit)) > top_bit(top)) continue;
    if (can_ruff(first, suit) || can_ruff(second, suit)) continue;
    const Hand card = from_pw(1u << top_bit(top), suit), low = from_pw(own & (0u - own), suit);
    const int abnat = hand_abnat(card | low, contract<kSun>());
    if (abnat > best) entry = card, lead = low, best = abnat;
  }
  return entry;
}

// The partner's cards above every card of the opponents in the plain suits the leader did not cash
// (so the partner never had to follow with them).
template <bool kSun>
Hand Solver::partner_masters(Hand partner, Hand theirs, Hand cashed) const {
  Hand out = 0;
  for (int suit = 0; suit < kNumSuits; ++suit) {
    const std::uint32_t own = pw(partner, suit);
    if (suit == contract<kSun>().trump || !own || (cashed & suit_mask(suit))) continue;
    const std::uint32_t rest = pw(theirs, suit);
    out |= from_pw(rest ? own & bits_above(top_bit(rest)) : own, suit);
  }
  return out;
}

// The leader's cards of a plain suit that win the suit's first rounds, led from the top: each is above
// every other card of the suit left once the rounds before it are played. An opponent holding no more
// cards of the suit than those rounds has played them all; the partner plays its higher ones first.
[[gnu::always_inline]] inline std::uint32_t Solver::cashable(int leader, int suit) const {
  std::uint32_t own = suit_byte(powers_[leader], suit);
  const std::uint32_t first = suit_byte(powers_[seat_after(leader)], suit);
  const std::uint32_t partner = suit_byte(powers_[partner_of(leader)], suit);
  const std::uint32_t second = suit_byte(powers_[seat_after(leader, 3)], suit);
  const std::uint32_t rest = first | second | partner;
  std::uint32_t masters = rest ? own & bits_above(top_bit(rest)) : own;
  if (!masters) return 0;
  own &= ~masters;
  for (int rounds = popcount(masters); own; ++rounds) {
    const int top = top_bit(own);
    const std::uint32_t above = bits_above(top);
    if (((first & above) && popcount(first) > rounds) || ((second & above) && popcount(second) > rounds) ||
        popcount(partner & above) > rounds)
      break;
    masters |= 1u << top;
    own &= ~(1u << top);
  }
  return masters;
}

// Sun, the leader leading into the opponents' masters (leads_into_masters): whatever it leads, the
// opponent holding the top card of that suit can take the trick with it, which is the first trick it
// would cash leading: the leader and the other seats could have played the same cards onto its lead.
// So the opponents surely take what that opponent's side would take leading; the least of that over
// the opponents the leader can give the lead to.
int Solver::defence_abnat(int leader) const {
  const std::uint32_t led = nonempty_bytes(powers_[leader]);
  int least = kInf;
  for (const int taker : {seat_after(leader), seat_after(leader, 3)}) {
    const std::uint32_t others = powers_[leader] | powers_[partner_of(leader)] | powers_[partner_of(taker)];
    if (!(nonempty_bytes(powers_[taker] & ~fill_below_byte_tops(others)) & led)) continue;
    int sure[2];
    least = std::min(least, leader_abnat<true>(taker, sure) ? live_abnat_ + kLastTrickAbnat : sure[team_of(taker)]);
  }
  return least;
}

// The least abnat hand h gives to `tricks` tricks of which rounds[suit] are led in each suit: it
// follows suit while it can (its poorest cards of the suit) and gives its poorest other cards to the rest.
int Solver::given_abnat(Hand h, const int (&rounds)[kNumSuits], int tricks) const {
  if (!tricks) return 0;
  int sum = 0;
  for (int suit = 0; suit < kNumSuits; ++suit) {
    if (!rounds[suit]) continue;
    const std::uint32_t followed = lowest_bits(pw(h, suit), rounds[suit]);
    sum += tables_->abnat[kind_[suit]][followed];
    h &= ~from_pw(followed, suit);
    tricks -= popcount(followed);
  }
  return sum + poorest_abnat(h, tricks);
}

// The least abnat that k cards of h can hold (h holds at least k cards).
int Solver::poorest_abnat(Hand h, int k) const {
  int sum = 0;
  for (int i = 0; k > 0; ++i) {
    const int n = std::min(k, popcount(h & by_abnat_[i]));
    sum += n * kAbnatValue[i];
    k -= n;
  }
  return sum;
}

}  // namespace baloot
