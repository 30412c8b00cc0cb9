#include "players/heuristic_calls.hpp"

#include <cassert>
#include <cmath>

#include "kernel/scoring.hpp"
#include "players/known_projects.hpp"
#include "players/suit_tables.hpp"

namespace baloot {

namespace {

// ---- Hand evaluation ------------------------------------------------------------------------------

// Expected margin of buying Hokum with `trump` holding `cards`, whose Hokum projects are worth `projects`.
inline double hokum_value(const HeuristicParams& p, const HeuristicTables& t, Hand cards, int trump, int projects) {
  double v = p.hokum_base + p.hokum_project * projects;
  const double* const table[2] = {t.hokum_side, t.hokum_trump};
  for (int s = 0; s < kNumSuits; ++s) v += table[s == trump][suit_holding(cards, s)];
  if (popcount(cards & suit_mask(trump)) >= 2) {
    const int side_voids = kNumSuits - 1 - popcount(suits_of(cards & ~suit_mask(trump)));
    v += p.hokum_side_void * side_voids;
  }
  return v;
}

int trump_count(Hand cards, int trump) { return popcount(cards & suit_mask(trump)); }

// Expected margin of buying Sun holding `cards`, whose Sun projects are worth `projects`.
inline double sun_value(const HeuristicParams& p, const HeuristicTables& t, Hand cards, int projects) {
  return p.sun_base + p.sun_project * projects + t.sun[cards & 0xFF] + t.sun[cards >> 8 & 0xFF] +
         t.sun[cards >> 16 & 0xFF] + t.sun[cards >> 24];
}

// Expected margin of calling Ashkal: own 5 cards, the up-card in the partner's hand.
double ashkal_value(const HeuristicParams& p, const HeuristicTables& t, Hand hand, Card up) {
  double v = sun_value(p, t, hand, project_abnat(hand).sun) + p.ashkal_offset;
  switch (rank_of(up)) {
    case kTen: return v + p.ashkal_up_ten;
    case kKing: return v + p.ashkal_up_king;
    case kQueen:
    case kJack: return v + p.ashkal_up_face;
    default: return v;
  }
}

// The raiser's team's chance to win the match when the hand is played at `multiplier` (or as a Gahwa) and
// won by that team with chance `won`: a raised hand's winner takes the contract's points times the
// multiplier (R32), an undoubled hand made gives the buyers `made_share` of them and the defenders the
// rest (R37), and one failed gives the defenders all (R38).
double match_chance(const HeuristicParams& p, const MatchTable& table, const SeatView& v, double won, int multiplier,
                    bool gahwa) {
  const int team = team_of(v.seat());
  const int buyers = team_of(v.buyer());
  const int before[2] = {v.score_before(0), v.score_before(1)};
  const int total = v.contract().mode == Mode::kSun ? kSunHandPoints : kHokumHandPoints;
  const int points = gahwa && table.rules().gahwa == GahwaScore::kFlat152 ? kFlatGahwaPoints : total * multiplier;
  double chance = 0;
  for (const int winner : {team, 1 - team}) {
    MatchHand hand;
    hand.points[winner] = points;
    if (multiplier == 1 && winner == buyers) {
      hand.points[winner] = static_cast<int>(std::lround(p.match_equity_made_share * points));
      hand.points[1 - winner] = points - hand.points[winner];
    }
    hand.gahwa = gahwa;
    hand.buyers = buyers;
    hand.made = winner == buyers;
    const double team0 = table.after_hand(before, v.dealer(), hand);
    chance += (winner == team ? won : 1 - won) * (team == 0 ? team0 : 1 - team0);
  }
  return chance;
}

}  // namespace

// ---- Bidding --------------------------------------------------------------------------------------

[[gnu::noinline]] int heuristic_bid(const HeuristicParams& p, const HeuristicTables& t, const SeatView& v) {
  assert(v.phase() == Phase::kBidding);
  const ActionMask legal = v.legal_actions();
  const Hand hand = v.hand();
  const Card up = v.up_card();
  const int up_suit = suit_of(up);
  const Hand with_up = hand | bit(up);
  const ProjectAbnat projects = project_abnat(with_up);
  const bool sun_open = legal & action_bit(kSun);  // a house rule may close Sun to this seat
  const double sun = sun_open ? sun_value(p, t, with_up, projects.sun) : -1e9;
  const BidStage stage = v.bid_stage();
  if (stage == BidStage::kPriority) {
    const bool partners_call = v.pending_caller() == v.partner();
    return sun >= p.sun_take_priority && (p.take_partner_priority > 0 || !partners_call) ? kSun : kPass;
  }
  const double ashkal = (legal & action_bit(kAshkal)) ? ashkal_value(p, t, hand, up) : -1e9;
  const double sun_best = sun > ashkal ? sun : ashkal;
  const int sun_action = sun >= ashkal ? kSun : kAshkal;
  switch (stage) {
    case BidStage::kTurns: {
      // The best Hokum open to this seat, then the better of it and Sun.
      int hokum_action = kPass;
      double hokum = -1e9;
      const double hokum_threshold = v.round() == 1 ? p.hokum_threshold : p.hokum2_threshold;
      if (v.round() == 1) {
        if (trump_count(with_up, up_suit) >= p.hokum_min_trumps) {
          hokum = hokum_value(p, t, with_up, up_suit, projects.hokum);
          hokum_action = kHokum;
        }
      } else {
        for (int s = 0; s < kNumSuits; ++s) {
          if (!(legal & action_bit(kHokumSuit + s)) || trump_count(with_up, s) < p.hokum_min_trumps) continue;
          const double value = hokum_value(p, t, with_up, s, projects.hokum);
          if (value > hokum) hokum = value, hokum_action = kHokumSuit + s;
        }
      }
      const bool sun_ok = sun_best >= p.sun_threshold;
      const bool hokum_ok = hokum >= hokum_threshold;
      if (sun_ok && (!hokum_ok || sun_best >= hokum)) return sun_action;
      if (hokum_ok) return hokum_action;
      return kPass;
    }
    case BidStage::kOverHokum:
      return sun_best >= (v.hokum_caller() == v.partner() ? p.sun_over_partner : p.sun_over_hokum) ? sun_action : kPass;
    case BidStage::kPriority:
      break;  // answered above: only this seat's own Sun may take the call
    case BidStage::kHokumConfirm: {
      const ActionMask keep = legal & ~action_bit(kSun);
      if (!keep) return kSun;
      const int hokum_action = __builtin_ctzll(keep);
      const int trump = hokum_action == kHokum ? up_suit : hokum_action - kHokumSuit;
      return sun >= hokum_value(p, t, with_up, trump, projects.hokum) + p.confirm_sun_margin ? kSun : hokum_action;
    }
  }
  return kPass;
}

// ---- Doubling -------------------------------------------------------------------------------------

[[gnu::noinline]] int heuristic_double(const HeuristicParams& p, const HeuristicTables& t, const SeatView& v,
                                       const MatchTable* table) {
  assert(v.phase() == Phase::kDoubling && v.has_contract());
  const ActionMask legal = v.legal_actions();
  const ActionMask raise = legal & ~action_bit(kPass);
  if (!raise) return kPass;
  const int action = __builtin_ctzll(raise);
  const Contract& contract = v.contract();
  const bool buyer_side = team_of(v.seat()) == team_of(v.buyer());
  Hand cards = v.hand();
  if (buyer_side && v.up_card_holder() == v.seat()) cards |= bit(v.up_card());
  const bool sun = contract.mode == Mode::kSun;
  const ProjectAbnat projects = project_abnat(cards);
  const double value = sun ? sun_value(p, t, cards, projects.sun) : hokum_value(p, t, cards, contract.trump, projects.hokum);
  double threshold = 0;
  switch (action) {
    case kDouble: threshold = sun ? p.sun_double_threshold : p.double_threshold; break;
    case kThree: threshold = p.three_threshold; break;
    case kFour: threshold = p.four_threshold; break;
    case kGahwa: threshold = p.gahwa_threshold; break;
    default: return kPass;
  }
  if (table && (v.score_before(0) != 0 || v.score_before(1) != 0)) {
    const double won = 1 / (1 + std::exp(-(value - threshold) / p.match_equity_scale));
    const int raised = action == kDouble ? 2 : action == kThree ? 3 : 4;
    // Only a raise that gains: at equal chances the raise only hands the other team the next answer.
    return match_chance(p, *table, v, won, raised, action == kGahwa) >
                   match_chance(p, *table, v, won, v.multiplier(), false)
               ? action
               : kPass;
  }
  const ScorePressure pressure = score_pressure(p, v.score_before(team_of(v.seat())), v.score_before(1 - team_of(v.seat())));
  if (pressure.far_behind) threshold -= p.pressure_shift;
  if (pressure.far_ahead) threshold += p.pressure_shift;
  if (action == kGahwa && pressure.not_behind) threshold += p.pressure_shift;
  return value >= threshold ? action : kPass;
}

}  // namespace baloot
