#include "players/registry.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <utility>

#include "players/expert.hpp"
#include "players/heuristic.hpp"
#include "players/neural.hpp"
#include "players/rollout_player.hpp"
#include "players/search_players.hpp"
#include "players/strong.hpp"

namespace baloot {

namespace {

constexpr double kAny = std::numeric_limits<double>::infinity();

PlayerOption whole(const char* name, int fallback, int low, int high, const char* help) {
  return {name, OptionKind::kWhole, double(fallback), double(low), double(high), help};
}

PlayerOption flag(const char* name, bool fallback, const char* help) {
  return {name, OptionKind::kFlag, double(fallback), 0, 1, help};
}

// The heuristic player's weights and thresholds (players/heuristic.hpp says what each weighs), from `params`.
std::vector<PlayerOption> weights(const HeuristicParams& params) {
  int count = 0;
  const HeuristicParamInfo* table = heuristic_param_table(count);
  std::vector<PlayerOption> out;
  for (int i = 0; i < count; ++i)
    out.push_back({table[i].name, OptionKind::kReal, params.*table[i].field, -kAny, kAny,
                   "a weight or threshold of the heuristic (players/heuristic.hpp)"});
  return out;
}

std::vector<PlayerOption> joined(std::vector<PlayerOption> first, const std::vector<PlayerOption>& rest) {
  first.insert(first.end(), rest.begin(), rest.end());
  return first;
}

int whole_value(const PolicyOptions& options, const char* name) { return static_cast<int>(options.at(name)); }

std::shared_ptr<const Policy> make_random(const PolicyOptions&) { return std::make_shared<RandomPolicy>(); }

std::shared_ptr<const Policy> make_heuristic(const PolicyOptions& options) { return make_heuristic_policy(options); }

std::shared_ptr<const Policy> make_strong(const PolicyOptions& options, LearnedWeights weights) {
  return make_strong_policy(options, std::move(weights.strong));
}

std::shared_ptr<const Policy> make_neural(const PolicyOptions&, LearnedWeights weights) {
  return make_neural_policy(std::move(weights.strong), std::move(weights.network));
}

std::shared_ptr<const Policy> make_dd(const PolicyOptions&) { return std::make_shared<DoubleDummyPolicy>(); }

std::shared_ptr<const Policy> make_pimc(const PolicyOptions& options) {
  PimcOptions pimc;
  pimc.samples = whole_value(options, "samples");
  pimc.tries = whole_value(options, "tries");
  pimc.points = options.at("points") != 0;
  return std::make_shared<PimcPolicy>(pimc);
}

std::shared_ptr<const Policy> make_rollout(const PolicyOptions& options, LearnedWeights weights) {
  RolloutOptions rollout;
  rollout.worlds = whole_value(options, "worlds");
  rollout.tries = whole_value(options, "tries");
  rollout.call_worlds = whole_value(options, "call_worlds");
  rollout.calls = whole_value(options, "calls");
  rollout.race = options.at("race");
  rollout.plays = whole_value(options, "plays");
  rollout.model_playout = options.at("model_playout") != 0;
  const bool neural_playout = options.at("neural_playout") != 0, neural_model = options.at("neural_model") != 0;
  const bool pick_model = options.at("pick_model") != 0;
  if (!neural_playout && !neural_model && !pick_model) return std::make_shared<RolloutPolicy>(rollout);
  // One neural player for all: it holds no mutable state.
  const auto neural = make_neural_policy(std::move(weights.strong), std::move(weights.network));
  const auto rival = !pick_model ? nullptr : neural_model ? make_policy("heuristic") : neural;
  return std::make_shared<RolloutPolicy>(rollout, neural_playout ? neural : nullptr, neural_model ? neural : nullptr,
                                         rival);
}

std::vector<PlayerInfo> declare_players() {
  const PimcOptions pimc;
  const RolloutOptions rollout;
  const char* tries = "deals drawn per kept world, to find one where the other seats called and played as the heuristic";
  return {
      {"random", "a uniformly random legal action, bids and doubles included", "the floor", "1,758,000 hands/s",
       false, true, {}, &make_random},
      {"heuristic", "a rule-based club player: bids by a fitted point count, plays by the rules a club player knows",
       "+20.65 ± 0.06 a hand against random", "838,000 hands/s", false, true, weights(HeuristicParams{}), &make_heuristic},
      {"expert", "the heuristic with its weights and thresholds tuned by self-play", "+0.04 ± 0.01 against heuristic",
       "822,000 hands/s", false, true, weights(expert_params()), &make_expert_policy},
      {"strong", "bids by learned values and plays by a learned card value, with an optional endgame search",
       "+1.35 ± 0.07 against expert", "61,800 hands/s", false, true,
       joined({whole("endgame_tricks", 0, 0, 1000, "search the last this many tricks double-dummy over sampled deals"),
               whole("endgame_samples", 4, 0, 1000, "deals sampled per endgame decision"),
               whole("learned_play", 1, 0, 1000, "0: play cards as the expert does")},
              weights(expert_params())),
       nullptr, &make_strong},
      {"neural", "plays its cards and bids by small integer networks of what its seat sees, and doubles as the strong player",
       "+1.64 ± 0.08 against strong", "140,000 hands/s", false, true, {}, nullptr, &make_neural},
      {"pimc", "perfect-information Monte Carlo: solves sampled deals double-dummy at each card",
       "−0.82 ± 0.55 against neural", "2,000 hands against neural in 106 s on 2 threads", true, true,
       {whole("samples", pimc.samples, 1, 100000, "deals sampled per decision"),
        whole("tries", pimc.tries, 1, 1000, tries),
        flag("points", pimc.points, "decide by the hand's game points (0: by abnat alone)")},
       &make_pimc},
      {"rollout", "plays each legal card out in sampled deals with the expert (or the network), races the cards apart",
       "+0.47 ± 0.53 against pimc", "2,000 hands against pimc in 99 s on 2 threads", true, true,
       {whole("worlds", rollout.worlds, 1, 100000, "deals per card decision"),
        whole("tries", rollout.tries, 1, 1000, tries),
        whole("call_worlds", rollout.call_worlds, 0, 100000, "deals per bid or double (0: call as the heuristic)"),
        whole("calls", rollout.calls, 0, kNumCards, "surprising calls a deal may hold (0: calls not checked)"),
        {"race", OptionKind::kReal, rollout.race, 0, 100,
         "drop a card trailing by this many standard errors (0: every card in every deal)"},
        whole("plays", rollout.plays, 0, 1000000000,
              "card plays a card decision may spend on play-outs and on replaying the deals drawn (0: no limit)"),
        flag("neural_playout", false, "play the deals out with the neural player's network (0: with the expert)"),
        flag("neural_model", false,
             "keep the deals where the other team called and played as the neural player (0: as the heuristic)"),
        flag("model_playout", rollout.model_playout,
             "the other team plays the deals out as it is modelled (0: every seat as the play-out player)"),
        flag("pick_model", false,
             "model the other team at each card by whichever of the heuristic and the neural player explains its "
             "calls and plays better (ties: neural_model's)")},
       nullptr, &make_rollout},
      {"dd", "sees every hand and plays double-dummy: an upper bound, not a fair player",
       "+5.12 ± 0.51 against rollout", "2,000 hands against rollout in 49 s on 2 threads", true, false, {}, &make_dd},
  };
}

template <class Rows, class Name>
std::string names_of(const Rows& rows, Name name) {
  std::string out;
  for (const auto& row : rows) out += (out.empty() ? "" : ", ") + std::string(name(row));
  return out.empty() ? "none" : out;
}

std::string number(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

}  // namespace

const std::vector<PlayerInfo>& player_registry() {
  static const std::vector<PlayerInfo> players = declare_players();
  return players;
}

const PlayerInfo& player_info(const std::string& name) {
  for (const PlayerInfo& player : player_registry())
    if (name == player.name) return player;
  throw RuleError("unknown player " + name + ": the players are " +
                  names_of(player_registry(), [](const PlayerInfo& p) { return p.name; }));
}

PolicyOptions checked_options(const PlayerInfo& player, const PolicyOptions& given) {
  PolicyOptions out;
  for (const PlayerOption& option : player.options) out[option.name] = option.fallback;
  const std::string who = std::string("player ") + player.name;
  for (const auto& [name, value] : given) {
    const auto known = out.find(name);
    if (known == out.end())
      throw RuleError(who + " has no option " + name + ": its options are " +
                      names_of(player.options, [](const PlayerOption& o) { return o.name; }));
    const PlayerOption& option = *std::find_if(player.options.begin(), player.options.end(),
                                               [key = name](const PlayerOption& o) { return o.name == key; });
    const bool whole_number = option.kind != OptionKind::kReal;
    if (!std::isfinite(value) || value < option.low || value > option.high ||
        (whole_number && value != std::floor(value))) {
      const std::string range = option.kind == OptionKind::kFlag ? "0 or 1"
                                : option.kind == OptionKind::kWhole
                                    ? "a whole number " + number(option.low) + ".." + number(option.high)
                                : option.high == kAny ? "a finite number"
                                                      : "a number " + number(option.low) + ".." + number(option.high);
      throw RuleError(who + ": " + name + " must be " + range + ", got " + number(value));
    }
    known->second = value;
  }
  return out;
}

std::shared_ptr<const Policy> make_policy(const std::string& name, const PolicyOptions& options,
                                          LearnedWeights weights) {
  const PlayerInfo& player = player_info(name);
  const PolicyOptions checked = checked_options(player, options);
  return player.make_learned ? player.make_learned(checked, std::move(weights)) : player.make(checked);
}

}  // namespace baloot
