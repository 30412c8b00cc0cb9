// Host options and the trick rules they shape: legal moves and the trick winner.
#pragma once

#include <cassert>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "kernel/cards.hpp"

namespace baloot {

// Raised by the core for bad input; the bindings turn it into baloot.BalootError.
class RuleError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// An action that the state does not allow; the bindings raise it as baloot.IllegalAction.
class IllegalActionError : public RuleError {
 public:
  using RuleError::RuleError;
};

// Whether check() returns without throwing RuleError: for asserting a documented precondition that a
// checking function states (the sanitizer build compiles asserts in, normal builds leave them out).
template <class Check>
bool passes(Check check) {
  try {
    check();
    return true;
  } catch (const RuleError&) {
    return false;
  }
}

enum class KabootBonus : std::uint8_t { kNormal, kDouble, kOff };
// House variants with more than two choices or named choices, numbered as rule_options() lists their values.
enum class GahwaScore : std::uint8_t { kMatch, kFlat152 };        // R33: wins the match, or a flat 152 points
enum class TieRule : std::uint8_t { kKhasra, kSplit, kSplitSun };  // R39: an undoubled exact tie (split in Sun only)
enum class DoubledTie : std::uint8_t { kBuyers, kLastRaiser };    // R32: a doubled exact tie goes against...
enum class ReverseKaboot : std::uint8_t { kSame, kSun88 };        // R40: the defenders' kaboot in Sun
enum class Round2Sun : std::uint8_t { kAnyone, kAceAfterDealer };  // R13: who may call Sun in round 2
// R30: the side for which a score of exactly 100 passes the Sun doubling test.
enum class SunDoubleAt100 : std::uint8_t { kNeither, kBuyers, kDefenders, kBoth };
enum class PriorityTo : std::uint8_t { kEarlier, kHokumCaller };  // R9: who is offered a Sun takeover
enum class TargetTie : std::uint8_t { kBuyers, kAnotherHand };    // R41: both past the target, equal

// Every host option that changes what the core does. Defaults are the seed's.
struct Rules {
  bool ashkal = true;
  bool sun_priority = true;
  bool must_overtrump = true;
  bool trump_over_partner = false;
  KabootBonus kaboot = KabootBonus::kNormal;
  int target = 152;
  bool hokum_to_sun = false;         // R8 variant: a Hokum caller nobody overcalls may switch to Sun.
  bool sun_tens_first = false;       // R34 variant: round Sun abnat to the nearest 10 before halving.
  bool baloot_in_hundred = true;     // R28 variant off: no Baloot when K and Q sit in a scored Hundred.
  bool closed_double = false;        // R21 variant: a Double or a Four may close the hand to trump leads.
  bool narrow_partner = false;       // R18 variant: the partner excuses a ruff only when sure to win.
  GahwaScore gahwa = GahwaScore::kMatch;
  TieRule tie = TieRule::kKhasra;
  DoubledTie doubled_tie = DoubledTie::kBuyers;
  bool kaboot_multiplied = true;     // R40 variant off: a kaboot is never multiplied by the doubling.
  ReverseKaboot reverse_kaboot = ReverseKaboot::kSame;
  bool kaboot_projects = true;       // R40 variant off: no projects are scored on a kaboot.
  SunDoubleAt100 sun_double_at_100 = SunDoubleAt100::kNeither;
  Round2Sun round2_sun = Round2Sun::kAnyone;
  PriorityTo priority_to = PriorityTo::kEarlier;
  bool double_after_deal = false;    // R29 variant: the doubling chain runs on the full 8-card hands.
  TargetTie target_tie = TargetTie::kBuyers;  // read by the match, not by a hand
  bool kawesh = false;               // a seat whose five cards are all 7s to 10s may have them redealt.
};

// How strongly each card bids for a trick before the led suit is known: every trump above every other
// card, each suit in its strength order. [trump + 1][card], Sun first.
struct CardPowers {
  std::uint8_t of[kNumSuits + 1][kNumCards] = {};
  constexpr CardPowers() {
    for (int trump = kNoSuit; trump < kNumSuits; ++trump)
      for (int c = 0; c < kNumCards; ++c) {
        const bool is_trump = suit_of(static_cast<Card>(c)) == trump;
        of[trump + 1][c] = static_cast<std::uint8_t>(kStrength[is_trump][rank_of(static_cast<Card>(c))] + 16 * is_trump);
      }
  }
};
constexpr CardPowers kCardPowers{};

// How strongly `card` bids for a trick led in `led`: every trump above every led-suit card above every
// other card, and within each group the suit's strength order. A table and an or, no branch.
constexpr int trick_power(Card card, int led, const Contract& contract) {
  return kCardPowers.of[contract.trump + 1][card] | int{suit_of(card) == led} << 3;
}

// Whether `card` takes the trick from `winning`, the card now winning it (a led-suit card or a trump).
constexpr bool beats(Card card, Card winning, const Contract& contract) {
  const int led = suit_of(winning);
  return trick_power(card, led, contract) > trick_power(winning, led, contract);
}

// Index in trick[0..n) of the card currently winning; n is 1..4.
inline int trick_winner(const Card* trick, int n, const Contract& contract) {
  assert(n >= 1 && n <= kNumSeats);
  int best = 0;
  for (int i = 1; i < n; ++i)
    if (beats(trick[i], trick[best], contract)) best = i;
  return best;
}

// The cards of c's suit that beat it under the contract.
constexpr Hand cards_above(Card c, const Contract& contract) {
  return Hand{(contract.is_trump(c) ? kTrumpAbove : kPlainAbove).of[rank_of(c)]} << (suit_of(c) * 8);
}

// R18 narrow variant: whether the partner's card winning trick[0..n) is sure to win it: the mover plays
// fourth, or the partner led the master of its suit (every higher card of it is among `played`).
constexpr bool partner_sure(const Card* trick, int n, Hand played, const Contract& contract) {
  return n == 3 || (n == 2 && (cards_above(trick[0], contract) & ~played) == 0);
}

// The cards of `hand` that may be played onto a trick led in `led` that `winning` is winning, a card
// of the partner's when `partner_winning` (R17-R20). `partner_sure` matters only under the narrow
// partner exception (R18 variant): a partner's card not sure to win excuses no ruff, though it still
// lifts the duty to beat it.
// One formula for both modes, written as selections between masks rather than branches (in Sun there
// are no trumps, so it reduces to "follow suit if you can"); `&` joins the conditions, as `&&` would be
// compiled to a branch on each. The group the hand must play from: the led suit, else (unless the
// partner is winning) its trumps, else anything; within trumps, one above a winning trump if it has one.
// Always inlined: in the Python extension GCC otherwise keeps it out of line in the solver's searches.
[[gnu::always_inline]] inline Hand legal_follows(Hand hand, int led, Card winning, bool partner_winning,
                                                 const Contract& contract, const Rules& rules,
                                                 bool partner_sure = true) {
  const bool partner_excuses = partner_winning & !rules.trump_over_partner;
  const bool excuses_ruff = partner_excuses & (partner_sure | !rules.narrow_partner);
  const Hand following = hand & suit_mask(led);
  const Hand trumps = hand & contract.trump_mask();
  const Hand ruffs = trumps & all_if((following == 0) & !excuses_ruff);
  const Hand choices = or_else(following | ruffs, hand);
  const bool must_beat = rules.must_overtrump & !partner_excuses & contract.is_trump(winning);
  return or_else(choices & trumps_above(winning) & all_if(must_beat), choices);
}

// The cards of `hand` that may be played onto trick[0..n) when the caller already knows the index of
// the winning card (any value when n is 0).
inline Hand legal_moves(Hand hand, const Card* trick, int n, int winner, const Contract& contract, const Rules& rules) {
  assert(n >= 0 && n < kNumSeats && (n == 0 || (winner >= 0 && winner < n)));
  if (n == 0) return hand;
  return legal_follows(hand, suit_of(trick[0]), trick[winner], winner == n - 2, contract, rules);
}

// The cards a seat may play in a hand: as legal_moves, but a leader under a closed double may not lead a
// trump while it holds another suit (R21 variant), and the narrow partner exception (R18 variant) reads
// the cards `played` so far, the trick on the table included.
inline Hand legal_plays(Hand hand, const Card* trick, int n, int winner, Hand played, bool closed,
                        const Contract& contract, const Rules& rules) {
  if (n == 0) return or_else(hand & ~(contract.trump_mask() & all_if(closed)), hand);
  const bool sure = !rules.narrow_partner || partner_sure(trick, n, played, contract);
  return legal_follows(hand, suit_of(trick[0]), trick[winner], winner == n - 2, contract, rules, sure);
}

// The suits a seat shows it lacks by playing `card` onto a trick led in `led`, as bits 0..3: the led
// suit when it does not follow, and in Hokum the trump too when it neither follows nor trumps and its
// partner is not winning (or trump_over_partner leaves no excuse) (R17, R18). Flags, not branches.
constexpr unsigned shown_void_suits(Card card, int led, bool partner_winning, const Contract& contract,
                                    const Rules& rules) {
  const bool off_suit = suit_of(card) != led;
  const bool excused = partner_winning & !rules.trump_over_partner;
  const bool no_ruff = off_suit & (contract.trump != kNoSuit) & !contract.is_trump(card) & !excused;
  return unsigned{off_suit} << led | unsigned{no_ruff} << (contract.trump & 3);
}

// Bit i set when byte i of `suits` (four suits, one a byte) is not `suit`: the bytes are compared all
// at once, then their top bits gathered by one multiplication.
constexpr unsigned bytes_not_of_suit(std::uint32_t suits, int suit) {
  const std::uint32_t differ = ((suits ^ (0x01010101u * static_cast<std::uint32_t>(suit))) + 0x7F7F7F7Fu) & 0x80808080u;
  return (differ >> 7) * 0x01020408u >> 24;
}

// Bit i -> bit 4i: a seat's flag to its nibble.
struct NibbleSpread {
  std::uint16_t of[16] = {};
  constexpr NibbleSpread() {
    for (int bits = 0; bits < 16; ++bits)
      for (int i = 0; i < 4; ++i) of[bits] = static_cast<std::uint16_t>(of[bits] | (bits >> i & 1) << (4 * i));
  }
};
constexpr NibbleSpread kNibbleSpread{};

// shown_void_suits of the three followers of a whole trick led by `leader`, at once, as four bits a seat
// (seat s in bits 4s..4s+3): byte i of `cards` is the trick's i-th card, bit i of `partner_was_winning`
// whether its partner was winning when it was played.
constexpr unsigned shown_void_suits(std::uint32_t cards, int leader, unsigned partner_was_winning,
                                    const Contract& contract, const Rules& rules) {
  const std::uint32_t suits = cards >> 3 & 0x03030303u;
  const int led = static_cast<int>(suits & 3);
  const unsigned off_suit = bytes_not_of_suit(suits, led);
  const unsigned excused = partner_was_winning & (0u - unsigned{!rules.trump_over_partner});
  const unsigned no_ruff = off_suit & bytes_not_of_suit(suits, contract.trump & 3) & ~excused &
                           (0u - unsigned{contract.trump != kNoSuit});
  const unsigned by_place = unsigned{kNibbleSpread.of[off_suit]} << led | unsigned{kNibbleSpread.of[no_ruff]} << (contract.trump & 3);
  return (by_place << 4 * leader | by_place >> (16 - 4 * leader)) & 0xFFFFu;
}

// The cards of `hand` that may be played onto trick[0..n), n is 0..3 (R17-R20).
inline Hand legal_moves(Hand hand, const Card* trick, int n, const Contract& contract, const Rules& rules) {
  assert(n >= 0 && n < kNumSeats);
  const bool needs_winner = n > 0 && contract.mode == Mode::kHokum;
  return legal_moves(hand, trick, n, needs_winner ? trick_winner(trick, n, contract) : 0, contract, rules);
}

}  // namespace baloot
