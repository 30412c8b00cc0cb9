// Host options and the trick rules they shape: legal moves and the trick winner.
#pragma once

#include <stdexcept>
#include <string>

#include "cards.hpp"

namespace baloot {

// Raised by the core for bad input; the bindings turn it into baloot.BalootError.
class RuleError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

enum class KabootBonus : std::uint8_t { kNormal, kDouble, kOff };

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
};

// Index in trick[0..n) of the card currently winning; n is 1..4.
int trick_winner(const Card* trick, int n, const Contract& contract);

// The cards of `hand` that may be played onto trick[0..n), n is 0..3 (R17-R20).
Hand legal_moves(Hand hand, const Card* trick, int n, const Contract& contract, const Rules& rules);

}  // namespace baloot
