#include "players/neural.hpp"

#include "kernel/rules.hpp"

namespace baloot {

NeuralPolicy::NeuralPolicy(std::shared_ptr<const NeuralNet> net, std::shared_ptr<const Policy> calls)
    : net_(std::move(net)), calls_(std::move(calls)) {}

int NeuralPolicy::choose(const HandState& state, Rng& rng) const {
  if (state.phase() == Phase::kBidding && net_->calls) {
    const bool kawesh = state.legal_actions() & action_bit(kKawesh);
    if (kawesh && calls_->choose(state, rng) == kKawesh) return kKawesh;
    return call(SeatView(state));
  }
  if (state.phase() != Phase::kPlaying) return calls_->choose(state, rng);
  const Hand legal = state.legal_cards();
  if (!(legal & (legal - 1))) return __builtin_ctz(legal);
  return card(SeatView(state));
}

Card NeuralPolicy::card(const SeatView& v) const {
  NeuralInput in;
  neural_input(v, in);
  NeuralHidden hidden;
  neural_hidden(*net_, in.active, in.count, hidden);
  std::int32_t logits[kNumCards];
  neural_policy(*net_, hidden, logits);
  const Hand legal = in.canonical(v.legal_cards());
  int best = __builtin_ctz(legal);
  for (Hand h = legal & (legal - 1); h; h &= h - 1) {
    const int c = __builtin_ctz(h);
    if (logits[c] > logits[best]) best = c;
  }
  return in.actual(static_cast<Card>(best));
}

int NeuralPolicy::call(const SeatView& v) const {
  NeuralCallInput in;
  neural_call_input(v, in);
  std::int32_t values[kNeuralCalls];
  neural_call_values(*net_->calls, in.active, in.count, values);
  const ActionMask legal = v.legal_actions();
  int best = kNoAction;
  for (int action = kPass; action <= kAshkal; ++action)
    if ((legal & action_bit(action)) && (best == kNoAction || values[neural_call_output(in, action)] > values[neural_call_output(in, best)]))
      best = action;
  return best;
}

int NeuralPolicy::score_class(int mine, int theirs) const {
  const int calls = calls_->score_class(mine, theirs);
  if (calls == kAnyScoreClass) return kAnyScoreClass;
  return (calls * kNeuralScoreBuckets + neural_score_bucket(mine)) * kNeuralScoreBuckets + neural_score_bucket(theirs);
}

std::shared_ptr<const Policy> make_neural_policy(std::shared_ptr<const StrongWeights> strong,
                                                 std::shared_ptr<const NeuralNet> network) {
  if (!network) throw RuleError("the neural player needs its network (baloot reads the one it ships)");
  return std::make_shared<NeuralPolicy>(std::move(network), make_policy("strong", {}, {std::move(strong), nullptr}));
}

}  // namespace baloot
