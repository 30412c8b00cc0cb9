#include "players/rollout_player.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>

#include "players/call_worlds.hpp"
#include "players/expert.hpp"
#include "players/search_players.hpp"

namespace baloot {

namespace {

// What checking one world costs, in play-outs of one card: replaying the calls and plays of its draws
// costs about as much as three play-outs (measured with perf on the card decisions of the benchmark).
constexpr int kWorldCost = 3;
// What replaying a drawn deal's calls costs, in card plays (for the limit of `plays`).
constexpr int kDrawCalls = 8;
constexpr int kFirstLook = 50;  // worlds before a card may be dropped
constexpr int kLookEvery = 25;  // worlds between two looks

// The cards of a decision raced over the same worlds: at each look, a card is dropped when its total trails
// the leader's by more than `bound` standard errors of their paired difference (bound 0: never), or when it
// has scored exactly as the leader in every world so far (`preferred` leads among equals).
class CardRace {
 public:
  CardRace(Hand legal, double bound, Card preferred) : bound_(bound), preferred_(preferred) {
    for (Hand h = legal; h; h = without_lowest(h)) card_[n_++] = lowest_card(h);
    alive_ = (1u << n_) - 1;
  }
  int cards() const { return n_; }
  int alive() const { return __builtin_popcount(alive_); }
  int worlds() const { return worlds_; }

  // Plays out every card still in the race in one more world: `margin(card)` is its value there.
  template <typename Margin>
  void add_world(Margin&& margin) {
    int value[kNumTricks];
    for (unsigned a = alive_; a; a &= a - 1) {
      const int i = __builtin_ctz(a);
      value[i] = margin(card_[i]);
      sum_[i] += value[i];
      for (unsigned b = alive_ & ((1u << i) - 1); b; b &= b - 1) {
        const int j = __builtin_ctz(b);
        const long d = value[i] - value[j];
        square_[i][j] += d * d;
      }
    }
    ++worlds_;
    if (bound_ > 0 && worlds_ >= kFirstLook && (worlds_ - kFirstLook) % kLookEvery == 0) drop_trailing();
  }

  // The cards left and their totals.
  Hand left(long (&total)[kNumCards]) const {
    Hand cards = 0;
    for (unsigned a = alive_; a; a &= a - 1) {
      const int i = __builtin_ctz(a);
      total[card_[i]] = sum_[i];
      cards |= bit(card_[i]);
    }
    return cards;
  }

 private:
  void drop_trailing() {
    int lead = -1;
    for (unsigned a = alive_; a; a &= a - 1) {
      const int i = __builtin_ctz(a);
      if (lead < 0 || sum_[i] > sum_[lead] || (sum_[i] == sum_[lead] && card_[i] == preferred_)) lead = i;
    }
    for (unsigned a = alive_ & ~(1u << lead); a; a &= a - 1) {
      const int i = __builtin_ctz(a);
      const double gap = static_cast<double>(sum_[lead] - sum_[i]);
      const double spread = static_cast<double>(i < lead ? square_[lead][i] : square_[i][lead]) - gap * gap / worlds_;
      // gap / worlds > bound * sd / sqrt(worlds), sd^2 = spread / (worlds - 1)
      if ((gap == 0 && spread == 0) || gap > bound_ * std::sqrt(spread * worlds_ / (worlds_ - 1))) alive_ &= ~(1u << i);
    }
  }

  double bound_;
  Card preferred_;
  Card card_[kNumTricks] = {};
  int n_ = 0;
  unsigned alive_ = 0;
  int worlds_ = 0;
  long sum_[kNumTricks] = {};
  long square_[kNumTricks][kNumTricks] = {};  // [i][j], j < i: the sum over worlds of their difference squared
};

// Two score classes as one, a different one for every pair (Cantor's pairing); kAnyScoreClass when either
// is, or when the pair is too large to number.
int paired_class(int a, int b) {
  if (a == kAnyScoreClass || b == kAnyScoreClass) return kAnyScoreClass;
  const long long sum = static_cast<long long>(a) + b;
  const long long pair = sum * (sum + 1) / 2 + b;
  return pair > std::numeric_limits<int>::max() ? kAnyScoreClass : static_cast<int>(pair);
}

}  // namespace

// The worlds of the seat's card decision: what the seat knows of the hidden cards, and the replay that
// checks a world against the calls and plays so far.
struct RolloutPolicy::CardWorlds {
  CardWorlds(const HandState& state, int calls)
      : view(state), hidden(hidden_cards(view)), dealer(hidden), replay(view, hidden, calls) {}
  const SeatView view;
  const HiddenCards hidden;
  const HiddenDealer dealer;
  const WorldReplay replay;
};

RolloutPolicy::RolloutPolicy(const RolloutOptions& options)
    : options_(options), calls_(make_policy("heuristic")), model_(calls_), playout_(expert_params()) {}

RolloutPolicy::RolloutPolicy(const RolloutOptions& options, std::shared_ptr<const Policy> playout,
                             std::shared_ptr<const Policy> model, std::shared_ptr<const Policy> rival)
    : RolloutPolicy(options) {
  other_playout_ = std::move(playout);
  if (model) model_ = std::move(model);
  rival_ = std::move(rival);
}

std::shared_ptr<const RolloutPolicy> RolloutPolicy::with_playout(std::shared_ptr<const Policy> playout) const {
  auto copy = std::make_shared<RolloutPolicy>(*this);
  copy->other_playout_ = std::move(playout);
  return copy;
}

int RolloutPolicy::score_class(int mine, int theirs) const {
  const Policy* play = other_playout_ ? other_playout_.get() : &playout_;
  const int both = paired_class(calls_->score_class(mine, theirs), play->score_class(mine, theirs));
  // Each model reads the score as the player it is: the caller or the play-out policy, by default.
  int all = both;
  for (const Policy* model : {model_.get(), rival_.get()})
    if (model && model != calls_.get() && model != play) all = paired_class(all, model->score_class(mine, theirs));
  return all;
}

int RolloutPolicy::choose(const HandState& state, Rng& rng) const {
  const ActionMask legal = state.legal_actions();
  if (!(legal & (legal - 1))) return __builtin_ctzll(legal);
  if (state.phase() == Phase::kPlaying) return play_card(state, rng);
  return options_.call_worlds ? call(state, rng) : calls_->choose(state, rng);
}

int RolloutPolicy::play_out(HandState& trial, int team, const Policy& model, Rng& rng) const {
  if (options_.model_playout) {
    const Policy& ours = other_playout_ ? *other_playout_ : playout_;
    while (trial.phase() != Phase::kOver)
      trial.apply((team_of(trial.to_move()) == team ? ours : model).choose(trial, rng));
  } else if (other_playout_) {
    while (trial.phase() != Phase::kOver) trial.apply(other_playout_->choose(trial, rng));
  } else {
    while (trial.phase() != Phase::kOver) trial.apply(playout_.decide(trial));
  }
  const HandScore& score = trial.score();
  return score.points[team] - score.points[1 - team];
}

int RolloutPolicy::card_margin(const HandState& world, Card card, int team, const Policy& model, Rng& rng) const {
  HandState trial = world;
  trial.play(card);
  return play_out(trial, team, model, rng);
}

int RolloutPolicy::call(const HandState& state, Rng& rng) const {
  const SeatView view(state);
  const CallWorlds worlds(view);
  const ActionMask legal = view.legal_actions();
  const int team = team_of(view.seat());
  long total[kNumActions] = {};
  int kept = 0;
  HandState world, trial;
  for (int w = 0; w < options_.call_worlds; ++w) {
    bool fits = false;
    for (int t = 0; t < options_.tries && !fits; ++t) fits = worlds.draw(*model_, rng, world);
    if (!fits) continue;
    ++kept;
    for (ActionMask m = legal; m; m &= m - 1) {
      const int action = __builtin_ctzll(m);
      trial = world;
      trial.apply(action);
      total[action] += play_out(trial, team, *model_, rng);
    }
  }
  // Calls so unusual that no world fits them: the heuristic's call.
  if (kept == 0) return calls_->choose(state, rng);
  // The best average; among equals, the heuristic's call, else the lowest.
  const int usual = calls_->choose(state, rng);
  int best = usual;
  for (ActionMask m = legal; m; m &= m - 1) {
    const int action = __builtin_ctzll(m);
    if (total[action] > total[best]) best = action;
  }
  return best;
}

const Policy& RolloutPolicy::card_model(const CardWorlds& worlds, Rng rng, int& draws) const {
  if (!rival_) return *model_;
  // Each deal's surprises counted to kNumTricks at most: a deal that neither model explains weighs no more
  // than one in which the calls or a few plays differ.
  int surprised = 0;  // the rival's surprises less the model's, over the same deals
  for (int t = 0; t < options_.tries; ++t) {
    Hand hands[kNumSeats];
    worlds.dealer.deal(rng, hands);
    ++draws;
    surprised += std::min(worlds.replay.surprises(*rival_, hands, kNumTricks), kNumTricks) -
                 std::min(worlds.replay.surprises(*model_, hands, kNumTricks), kNumTricks);
  }
  return surprised < 0 ? *rival_ : *model_;
}

bool RolloutPolicy::draw_world(const CardWorlds& worlds, const Policy& model, Rng& rng, HandState& world,
                               HandState& scratch, int& draws) const {
  // Of `tries` worlds, the first in which the other team called and played as the model would,
  // else the one in which it surprised least (a call that differs counting `calls` surprises).
  int fewest = kNumCards;
  for (int t = 0; t < options_.tries && fewest > 0; ++t) {
    Hand hands[kNumSeats];
    worlds.dealer.deal(rng, hands);
    ++draws;
    const int n = worlds.replay.rebuild(model, hands, fewest - 1, scratch);
    if (n < fewest) {
      fewest = n;
      world = scratch;
    }
  }
  return fewest < kNumCards;  // else no world replayed (never by the rules)
}

int RolloutPolicy::card_totals(const HandState& state, Rng& rng, long (&total)[kNumCards]) const {
  const CardWorlds worlds(state, options_.calls);
  if (!worlds.replay.usable()) return 0;
  const Hand legal = worlds.view.legal_cards();
  const int team = team_of(worlds.view.seat());
  int dealt = 0, draws = 0;
  const Policy& model = card_model(worlds, rng, draws);
  HandState world, scratch;
  for (int w = 0; w < options_.worlds; ++w) {
    if (!draw_world(worlds, model, rng, world, scratch, draws)) continue;
    ++dealt;
    for (Hand h = legal; h; h = without_lowest(h))
      total[lowest_card(h)] += card_margin(world, lowest_card(h), team, model, rng);
  }
  return dealt;
}

int RolloutPolicy::play_card(const HandState& state, Rng& rng) const {
  const Card preferred = static_cast<Card>(playout_.decide(state));
  const CardWorlds worlds(state, options_.calls);
  if (!worlds.replay.usable()) return calls_->choose(state, rng);
  CardRace race(worlds.view.legal_cards(), options_.race, preferred);
  const int team = team_of(worlds.view.seat());
  // The cost of `worlds` worlds for every card, in play-outs of one card; the play-outs of the cards dropped
  // buy more worlds. With a limit of `plays` card plays, a play-out costs the cards left to play, and each
  // deal drawn the plays so far and kDrawCalls for its calls.
  const long budget = static_cast<long>(options_.worlds) * (kWorldCost + race.cards());
  const long played = kNumSeats * worlds.view.tricks_played() + worlds.view.trick_len();
  const long to_play = kNumCards - played;
  int picking = 0;
  const Policy& model = card_model(worlds, rng, picking);
  // Picking replays each of its deals for both models.
  long spent = 0, plays = 2L * picking * (played + kDrawCalls);
  HandState world, scratch;
  while (race.alive() > 1 && spent + kWorldCost + race.alive() <= budget &&
         (options_.plays == 0 || plays + race.alive() * to_play <= options_.plays)) {
    spent += kWorldCost + race.alive();
    plays += race.alive() * to_play;
    int draws = 0;
    if (draw_world(worlds, model, rng, world, scratch, draws))
      race.add_world([&](Card card) { return card_margin(world, card, team, model, rng); });
    plays += draws * (played + kDrawCalls);
  }
  if (!race.worlds()) return calls_->choose(state, rng);
  // The best average of the cards left; among equals, the card the play-out policy would play.
  long total[kNumCards] = {};
  const Hand left = race.left(total);
  return best_card(left, total, preferred, rng);
}

}  // namespace baloot
