#include "players/heuristic.hpp"

#include <cmath>

#include "players/heuristic_calls.hpp"
#include "players/heuristic_play.hpp"
#include "players/suit_tables.hpp"

namespace baloot {

HeuristicTables::HeuristicTables(const HeuristicParams& p)
    : keep_trump(static_cast<int>(std::lround(16 * p.trump_keep))),
      keep_master(static_cast<int>(std::lround(16 * p.master_keep))),
      keep_guard(static_cast<int>(std::lround(16 * p.guard_keep))),
      keep_single(static_cast<int>(std::lround(16 * p.void_bonus))),
      few_to_follow(1) {
  for (int n = 1; n <= kNumRanks; ++n)
    if (n < p.ruff_safe_unseen) few_to_follow |= 1u << n;
  for (int ti = 0; ti < kTrumpChoices; ++ti) {
    for (int c = 0; c < kNumCards; ++c) {
      const int abnat = kFacts.abnat[ti][c], strength = kFacts.strength[ti][c];
      const int trump = c / kNumRanks == ti - 1 ? keep_trump : 0;
      lose[ti][c] = std::int64_t{16 * abnat + strength + trump} * kNumCards + c;
      give[ti][c] = std::int64_t{strength - 16 * abnat + trump} * kNumCards + c;
      win[ti][c] = std::int64_t{4 * strength + trump} * kNumCards + c;
    }
  }
  for (unsigned h = 0; h < 256; ++h) {
    const int n = popcount(h);
    const bool ace = h >> kAce & 1, ten = h >> kTen & 1, king = h >> kKing & 1;
    double sun = 0;
    if (ace) {
      sun += p.sun_ace + (ten ? p.sun_ten_with_ace : 0) + (king ? p.sun_king_with_ace : 0);
      if (n > 3) sun += p.sun_long_suit * (n - 3);
    } else if (ten) {
      sun += n >= 2 ? p.sun_ten_guarded : p.sun_ten_bare;
    } else if (king && n >= 2) {
      sun += p.sun_king_guarded;
    }
    this->sun[h] = sun;
    double trump = 0;
    if (h >> kJack & 1) trump += p.hokum_trump_jack;
    if (h >> kNine & 1) trump += p.hokum_trump_nine;
    if (ace) trump += p.hokum_trump_ace;
    if (ten) trump += p.hokum_trump_ten;
    trump += p.hokum_trump_other * popcount(h & (1u << kKing | 1u << kQueen | 1u << kEight | 1u << kSeven));
    if (n > 2) trump += p.hokum_trump_length * (n - 2);
    hokum_trump[h] = trump;
    double side = 0;
    if (ace) side += p.hokum_side_ace + (ten ? p.hokum_side_ten : 0);
    else if (ten && n >= 2) side += p.hokum_side_guarded_ten;
    hokum_side[h] = side;
  }
}

namespace {

#define BALOOT_PARAM(name) HeuristicParamInfo{#name, &HeuristicParams::name}
const HeuristicParamInfo kParamTable[] = {
    BALOOT_PARAM(hokum_trump_jack), BALOOT_PARAM(hokum_trump_nine), BALOOT_PARAM(hokum_trump_ace),
    BALOOT_PARAM(hokum_trump_ten), BALOOT_PARAM(hokum_trump_other), BALOOT_PARAM(hokum_trump_length),
    BALOOT_PARAM(hokum_side_ace), BALOOT_PARAM(hokum_side_ten), BALOOT_PARAM(hokum_side_guarded_ten),
    BALOOT_PARAM(hokum_side_void), BALOOT_PARAM(hokum_project), BALOOT_PARAM(hokum_base),
    BALOOT_PARAM(sun_ace), BALOOT_PARAM(sun_ten_with_ace), BALOOT_PARAM(sun_ten_guarded),
    BALOOT_PARAM(sun_ten_bare), BALOOT_PARAM(sun_king_with_ace), BALOOT_PARAM(sun_king_guarded),
    BALOOT_PARAM(sun_long_suit), BALOOT_PARAM(sun_project), BALOOT_PARAM(sun_base),
    BALOOT_PARAM(ashkal_up_ten), BALOOT_PARAM(ashkal_up_king), BALOOT_PARAM(ashkal_up_face),
    BALOOT_PARAM(ashkal_offset), BALOOT_PARAM(hokum_threshold), BALOOT_PARAM(hokum2_threshold),
    BALOOT_PARAM(hokum_min_trumps), BALOOT_PARAM(sun_threshold), BALOOT_PARAM(sun_over_hokum),
    BALOOT_PARAM(sun_over_partner), BALOOT_PARAM(sun_take_priority), BALOOT_PARAM(take_partner_priority), BALOOT_PARAM(confirm_sun_margin),
    BALOOT_PARAM(double_threshold), BALOOT_PARAM(sun_double_threshold), BALOOT_PARAM(three_threshold),
    BALOOT_PARAM(four_threshold), BALOOT_PARAM(gahwa_threshold), BALOOT_PARAM(pressure_gap),
    BALOOT_PARAM(pressure_shift), BALOOT_PARAM(match_equity), BALOOT_PARAM(match_equity_scale),
    BALOOT_PARAM(match_equity_made_share),
    BALOOT_PARAM(ruff_safe_unseen), BALOOT_PARAM(draw_trumps_min),
    BALOOT_PARAM(defender_lead_master_trump), BALOOT_PARAM(keep_trump_for_last), BALOOT_PARAM(master_keep),
    BALOOT_PARAM(trump_keep), BALOOT_PARAM(guard_keep), BALOOT_PARAM(void_bonus),
    BALOOT_PARAM(risk_abnat), BALOOT_PARAM(secure_partner_points), BALOOT_PARAM(lead_long_suit),
    BALOOT_PARAM(lead_short_suit), BALOOT_PARAM(lead_unguard_penalty), BALOOT_PARAM(lead_ruff_penalty),
    BALOOT_PARAM(lead_partner_ruff), BALOOT_PARAM(lead_partner_suit),
};
#undef BALOOT_PARAM
constexpr int kParamCount = static_cast<int>(sizeof(kParamTable) / sizeof(kParamTable[0]));
static_assert(kParamCount * sizeof(double) == sizeof(HeuristicParams), "every HeuristicParams field needs a table entry");

}  // namespace

bool set_heuristic_param(HeuristicParams& params, const std::string& name, double value) {
  for (const auto& info : kParamTable) {
    if (name == info.name) {
      params.*info.field = value;
      return true;
    }
  }
  return false;
}

const HeuristicParamInfo* heuristic_param_table(int& count) {
  count = kParamCount;
  return kParamTable;
}

int HeuristicPolicy::decide(const HandState& state) const {
  const SeatView view(state);
  switch (view.phase()) {
    case Phase::kPlaying: {
      const Hand legal = view.legal_cards();
      if (!(legal & (legal - 1))) return lowest_card(legal);  // a forced card
      return heuristic_card(p_, t_, view, legal);
    }
    case Phase::kBidding:
      return heuristic_bid(p_, t_, view);
    case Phase::kDoubling:
      return heuristic_double(p_, t_, view, table_.get());
    case Phase::kOver:
      break;
  }
  return kPass;
}

HeuristicPolicy::HeuristicPolicy(const HeuristicParams& params, std::shared_ptr<const MatchTable> table)
    : p_(params), t_(params), table_(params.match_equity != 0 ? std::move(table) : nullptr) {}

int HeuristicPolicy::choose(const HandState& state, Rng&) const { return decide(state); }

std::shared_ptr<const Policy> HeuristicPolicy::with_match_table(std::shared_ptr<const MatchTable> table) const {
  return std::make_shared<HeuristicPolicy>(p_, std::move(table));
}

HeuristicParams with_options(const PolicyOptions& options, const HeuristicParams& params, const std::string& name) {
  HeuristicParams chosen = params;
  for (const auto& [option, value] : options) {
    if (!std::isfinite(value)) throw RuleError("player " + name + ": option " + option + " must be a finite number");
    if (!set_heuristic_param(chosen, option, value)) throw RuleError("player " + name + " has no option " + option);
  }
  return chosen;
}

std::shared_ptr<const Policy> make_heuristic_policy(const PolicyOptions& options, const HeuristicParams& params,
                                                    const std::string& name) {
  return std::make_shared<HeuristicPolicy>(with_options(options, params, name));
}

}  // namespace baloot
