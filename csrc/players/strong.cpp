#include "players/strong.hpp"

#include <cassert>
#include <cmath>
#include <utility>

#include "players/expert.hpp"
#include "players/known_projects.hpp"
#include "players/suit_tables.hpp"

namespace baloot {

namespace {

double sum_by_suit(const double (&table)[256], Hand cards) {
  return table[cards & 0xFF] + table[cards >> 8 & 0xFF] + table[cards >> 16 & 0xFF] + table[cards >> 24];
}

double hokum_gain(const StrongWeights& w, Hand cards, int trump, int projects, double base) {
  return base + w.hokum_project * projects + sum_by_suit(w.hokum_side, cards & ~suit_mask(trump)) -
         w.hokum_side[0] + w.hokum_trump[suit_holding(cards, trump)];
}

}  // namespace

StrongPolicy::StrongPolicy(std::shared_ptr<const StrongWeights> weights, const HeuristicParams& params,
                           const EndgameSearch& endgame, bool learned_play, std::shared_ptr<const MatchTable> table)
    : w_(std::move(weights)), expert_(params, std::move(table)), endgame_(endgame), learned_play_(learned_play) {
  for (int c = 0; c < kPlayContexts; ++c)
    for (int i = 0; i < kPlayWeights; ++i) play_[c][i] = static_cast<float>(w_->play[c][i]);
}

std::shared_ptr<const Policy> StrongPolicy::with_match_table(std::shared_ptr<const MatchTable> table) const {
  return std::make_shared<StrongPolicy>(w_, expert_.params(), endgame_, learned_play_, std::move(table));
}

int StrongPolicy::choose(const HandState& state, Rng& rng) const {
  const SeatView v(state);
  if (v.phase() == Phase::kBidding && v.bid_stage() == BidStage::kTurns) return bid_on_turn(v);
  const int usual = expert_.decide(state);
  if (v.phase() != Phase::kPlaying) return usual;
  const Hand legal = v.legal_cards();
  if (!(legal & (legal - 1))) return usual;
  const int card = learned_play_ ? learned_card(v, legal, static_cast<Card>(usual)) : usual;
  return in_endgame(endgame_, v) ? endgame_card(endgame_, v, legal, card, rng) : card;
}

int StrongPolicy::learned_card(const SeatView& v, Hand legal, Card usual) const {
  PlayFeatures f;
  play_features(v, legal, usual, f);
  const float* w = play_[f.context];
  int best = usual;
  float best_value = 0;
  bool usual_seen = false;
  float values[kNumRanks];
  for (int i = 0; i < f.count; ++i) {
    values[i] = play_value(w, f.x[i]);
    if (f.card[i] == usual) best_value = values[i], usual_seen = true;
  }
  assert(usual_seen);
  (void)usual_seen;
  for (int i = 0; i < f.count; ++i)
    if (values[i] > best_value) best_value = values[i], best = f.card[i];
  return best;
}

// The call with the highest learned gain over passing, or pass when none gains.
int StrongPolicy::bid_on_turn(const SeatView& v) const {
  const StrongWeights& w = *w_;
  const ActionMask legal = v.legal_actions();
  const Hand hand = v.hand();
  const Card up = v.up_card();
  const Hand with_up = hand | bit(up);
  const ProjectAbnat projects = project_abnat(with_up);
  const int round = v.round() == 1 ? 0 : 1;
  const int place = (v.seat() - v.dealer() - 1) & 3;
  int best = kPass;
  double best_gain = 0;
  const auto consider = [&](int action, double gain) {
    if ((legal & action_bit(action)) && gain > best_gain) best = action, best_gain = gain;
  };
  const double hokum_base = w.hokum_base[round][place];
  consider(kHokum, hokum_gain(w, with_up, suit_of(up), projects.hokum, hokum_base));
  for (int s = 0; s < kNumSuits; ++s)
    if (legal & action_bit(kHokumSuit + s)) consider(kHokumSuit + s, hokum_gain(w, with_up, s, projects.hokum, hokum_base));
  consider(kSun, w.sun_base[round][place] + w.sun_project * projects.sun + sum_by_suit(w.sun, with_up));
  if (legal & action_bit(kAshkal))
    consider(kAshkal, w.ashkal_base[round][place] + w.ashkal_up[rank_of(up)] +
                          w.sun_project * project_abnat(hand).sun + sum_by_suit(w.sun, hand));
  return best;
}

std::shared_ptr<const Policy> make_strong_policy(const PolicyOptions& options,
                                                 std::shared_ptr<const StrongWeights> weights) {
  if (!weights) throw RuleError("the strong player needs its weights (baloot reads the ones it ships)");
  const EndgameSearch endgame{static_cast<int>(options.at("endgame_tricks")),
                              static_cast<int>(options.at("endgame_samples"))};
  PolicyOptions expert_options = options;
  for (const char* own : {"endgame_tricks", "endgame_samples", "learned_play"}) expert_options.erase(own);
  return std::make_shared<StrongPolicy>(std::move(weights), with_options(expert_options, expert_params(), "strong"),
                                        endgame, options.at("learned_play") != 0);
}

}  // namespace baloot
