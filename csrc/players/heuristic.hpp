// The "heuristic" built-in player: a rule-based club player that reads the game only through a
// SeatView. Bids from a point-count evaluation of its cards, doubles conservatively, and plays by
// the rules a club player would recognise (cash sure winners, draw trumps as the buyer, give points
// to a partner who is sure to win, duck cheaply, win cheaply, track voids).
//
// Every threshold and weight is a named field of HeuristicParams; make_policy("heuristic", options)
// overrides fields by name. The player holds no mutable state, so one instance may be shared by
// any number of threads.
#pragma once

#include <memory>
#include <string>

#include "players/policy.hpp"

namespace baloot {

struct HeuristicParams {
  // ---- Hand evaluation. Weights are in game points: the value of a hand is the expected margin
  // (own team minus opponents) of buying it, fitted by least squares on self-play hands. The seat
  // sees 5 cards; the buyer's up-card is counted with them.
  // Hokum, for a candidate trump suit:
  double hokum_trump_jack = 8.5;     // J of trump
  double hokum_trump_nine = 5.2;     // 9 of trump
  double hokum_trump_ace = 3.4;      // A of trump
  double hokum_trump_ten = 2.8;      // 10 of trump
  double hokum_trump_other = 2.5;    // each K, Q, 8 or 7 of trump
  double hokum_trump_length = 1.2;   // per trump beyond the second
  double hokum_side_ace = 2.85;      // each ace outside trump
  double hokum_side_ten = 1.2;       // a side 10 next to its ace
  double hokum_side_guarded_ten = 1.25;  // a side 10 with another card of its suit, without the ace
  double hokum_side_void = 0.8;      // per void side suit, with at least two trumps
  double hokum_project = 0.15;       // per project abnat among the known cards (a Sira is 20)
  double hokum_base = -14.8;         // the value of an empty hand
  // Sun:
  double sun_ace = 7.4;              // each ace
  double sun_ten_with_ace = 6.45;    // a 10 next to its ace
  double sun_ten_guarded = 5.2;      // a 10 with another card of its suit, without the ace
  double sun_ten_bare = 2.2;         // a 10 alone in its suit
  double sun_king_with_ace = 1.7;    // a K next to its ace
  double sun_king_guarded = 1.0;     // a K with another card of its suit, without the ace
  double sun_long_suit = 2.1;        // per card beyond the third in a suit headed by its ace
  double sun_project = 0.276;        // per project abnat among the known cards
  double sun_base = -19.8;           // the value of an empty hand
  // Ashkal: the up-card goes to the partner instead, the caller gets a third unknown card.
  double ashkal_up_ten = 5.0;        // what an up-card 10 is worth in the partner's hand
  double ashkal_up_king = 1.3;       // ... an up-card K
  double ashkal_up_face = 0.8;       // ... an up-card Q or J
  double ashkal_offset = -0.5;       // Ashkal against Sun, other things equal

  // ---- Bidding: call when the value (expected margin) reaches the threshold.
  double hokum_threshold = 0;        // round 1: Hokum in the up-card's suit
  double hokum2_threshold = 0;       // round 2: Hokum in the best other suit
  double hokum_min_trumps = 2;       // never call with fewer trumps than this
  double sun_threshold = 4;          // Sun or Ashkal on one's turn (the better of Sun and Hokum is called)
  double sun_over_hokum = 0;         // Sun over an opponent's Hokum
  double sun_over_partner = 8;       // Sun over the partner's Hokum
  double sun_take_priority = 10;     // take a Sun or Ashkal call with one's own Sun (R9): only a very strong one
  double take_partner_priority = 1;  // 1: the partner's own Sun or Ashkal call may be taken too
  double confirm_sun_margin = 4;     // R8 confirm stage: switch to Sun when Sun is worth this much more

  // ---- Doubling: each seat values its own cards with the buyer's weights (defenders: without the
  // up-card), in the contract's mode and trump. Self-play: a Hokum defender's double pays from about
  // 3-4, and a doubled buyer makes it about a third of the time, so the answers are rare.
  double double_threshold = 4;          // Double a Hokum
  double sun_double_threshold = 6;      // Double a Sun (only legal at some scores)
  double three_threshold = 12;          // buyer answers Three
  double four_threshold = 10;           // doubler answers Four
  double gahwa_threshold = 20;          // buyer answers Gahwa (wins or loses the match)
  double pressure_gap = 60;             // match-score gap that counts as far ahead or behind
  double pressure_shift = 2;            // thresholds drop this much far behind and rise far ahead
  // 1: at match scores other than 0-0, and given the match equity table of the rules played, a raise
  // (Double, Three, Four, Gahwa) is made when it gives the team a better chance to win the match than
  // passing, the hand taken as won by the raiser's team at the chance its value gives (logistic in the
  // value's distance to the raise's threshold, over this scale) and otherwise lost, worth the contract's
  // points times the multiplier to the team that wins it. 0 (or no table): the thresholds and pressure.
  double match_equity = 0;
  double match_equity_scale = 4;        // value points per unit of the chance's log-odds
  double match_equity_made_share = 0.6; // the buyers' share of an undoubled hand's points when they make it

  // ---- Card play. Keep values are in abnat, weighed against the abnat a card carries.
  double ruff_safe_unseen = 1;       // an opponent who may still hold this many cards of the led suit is
                                     // taken to follow it (1: only a known void is feared to ruff)
  double draw_trumps_min = 4;        // the buyer's side leads its lowest trump with this many trumps
  double defender_lead_master_trump = 0;  // 1: a defender cashes a master trump when it has no side winner
  double keep_trump_for_last = 1;    // 1: with two cards, keep a master trump and lead the other card
  double master_keep = 20;           // keeping a card no unseen card of its suit beats
  double trump_keep = 20;            // keeping a trump
  double guard_keep = 3;             // keeping the only guard of a 10 whose ace is out
  double void_bonus = 1.5;           // Hokum, holding trumps: discarding a side singleton (a void to ruff)
  double risk_abnat = 4;             // third hand plays a beater that may still lose if it carries at most this
  double secure_partner_points = 0;  // overtake a partner whose winning card is at risk, with a card that is
                                     // sure to win, when the trick holds at least this many abnat
  double lead_long_suit = 1.0;       // Sun, no sure winner: lead preference per card held in the suit
  double lead_short_suit = 2.0;      // Hokum, holding trumps: preference for leading a side singleton
  double lead_unguard_penalty = 6;   // leading away the only guard of a 10 whose ace is out
  double lead_ruff_penalty = 12;     // Hokum: leading a suit an opponent is known to ruff
  double lead_partner_ruff = 8;      // Hokum: leading a suit the partner is known to ruff
  double lead_partner_suit = 0;      // leading a side suit the partner has led in an earlier trick
};

// Sets the field `name`; false when no field has that name.
bool set_heuristic_param(HeuristicParams& params, const std::string& name, double value);
// The names and default values of every field, in declaration order; `count` receives their number.
struct HeuristicParamInfo {
  const char* name;
  double HeuristicParams::*field;
};
const HeuristicParamInfo* heuristic_param_table(int& count);

// The hand-evaluation weights folded into per-suit tables, indexed by the 8-bit holding of one suit.
struct HeuristicTables {
  double sun[256];          // a suit's part of sun_value
  double hokum_trump[256];  // the trump suit's part of hokum_value
  double hokum_side[256];   // a side suit's part of hokum_value (voids apart)
  // The card-play keep values in sixteenths of an abnat, so that card choices compare integers.
  int keep_trump, keep_master, keep_guard, keep_single;
  // Bit n: a seat that may hold n cards of a suit may be void in it (none, or fewer than ruff_safe_unseen).
  unsigned few_to_follow;
  // Per trump choice (Sun, then each trump suit) and card, 32 * cost + card, the cost in sixteenths
  // of an abnat with keep_trump added for a trump: of losing the card (16 * abnat + strength), of
  // giving it to the partner (strength - 16 * abnat) and of winning with it (4 * strength).
  std::int64_t lose[kNumSuits + 1][kNumCards];
  std::int64_t give[kNumSuits + 1][kNumCards];
  std::int64_t win[kNumSuits + 1][kNumCards];
  explicit HeuristicTables(const HeuristicParams& p);
};

// How the match score moves the heuristic's doubling thresholds (R30 aside): far behind, far ahead, not behind.
struct ScorePressure {
  bool far_behind, far_ahead, not_behind;
  int score_class() const { return far_behind | far_ahead << 1 | not_behind << 2; }
};
inline ScorePressure score_pressure(const HeuristicParams& p, int mine, int theirs) {
  return {theirs - mine >= p.pressure_gap, mine - theirs >= p.pressure_gap, mine >= theirs};
}

class HeuristicPolicy final : public Policy {
 public:
  // `table`: the match equity table its doubles read under the option match_equity (null: none).
  explicit HeuristicPolicy(const HeuristicParams& params = HeuristicParams{},
                           std::shared_ptr<const MatchTable> table = nullptr);
  int choose(const HandState& state, Rng& rng) const override;
  // The same decision without the virtual call (the fast path of benchmarks and batch runs).
  int decide(const HandState& state) const;
  const HeuristicParams& params() const { return p_; }
  int score_class(int mine, int theirs) const override {
    return table_ ? kAnyScoreClass : score_pressure(p_, mine, theirs).score_class();
  }
  std::shared_ptr<const Policy> with_match_table(std::shared_ptr<const MatchTable> table) const override;
  const std::shared_ptr<const MatchTable>& match_table() const { return table_; }

 private:
  HeuristicParams p_;
  HeuristicTables t_;
  std::shared_ptr<const MatchTable> table_;  // set only when p_.match_equity asks for it
};

// `params` overridden by `options` (field names); throws RuleError naming the player `name` and an unknown option.
HeuristicParams with_options(const PolicyOptions& options, const HeuristicParams& params, const std::string& name);

// The factory case: `params` overridden by `options`; throws RuleError naming the player `name` and an
// unknown option.
std::shared_ptr<const Policy> make_heuristic_policy(const PolicyOptions& options,
                                                    const HeuristicParams& params = HeuristicParams{},
                                                    const std::string& name = "heuristic");

}  // namespace baloot
