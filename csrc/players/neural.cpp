#include "players/neural.hpp"

#include "kernel/rules.hpp"
#include "players/strong.hpp"

namespace baloot {

NeuralPolicy::NeuralPolicy(std::shared_ptr<const NeuralNet> net, std::shared_ptr<const Policy> calls)
    : net_(std::move(net)), calls_(std::move(calls)) {}

int NeuralPolicy::choose(const HandState& state, Rng& rng) const {
  if (state.phase() != Phase::kPlaying) return calls_->choose(state, rng);
  const Hand legal = state.legal_cards();
  if (!(legal & (legal - 1))) return __builtin_ctz(legal);
  return card(SeatView(state));
}

Card NeuralPolicy::card(const SeatView& v) const {
  NeuralInput in;
  neural_input(v, in);
  NeuralOutput out;
  neural_forward(*net_, in.active, in.count, out);
  const Hand legal = in.canonical(v.legal_cards());
  int best = __builtin_ctz(legal);
  for (Hand h = legal & (legal - 1); h; h &= h - 1) {
    const int c = __builtin_ctz(h);
    if (out.policy[c] > out.policy[best]) best = c;
  }
  return in.actual(static_cast<Card>(best));
}

std::shared_ptr<const Policy> make_neural_policy(const PolicyOptions& options, const std::string& weights_path) {
  if (!options.empty()) throw RuleError("player neural takes no numeric option, got " + options.begin()->first);
  const std::string path = weights_path.empty() ? neural_weights_path() : weights_path;
  if (path.empty()) throw RuleError("the neural player's weights file is not set (import baloot first)");
  return std::make_shared<NeuralPolicy>(read_neural_net(path), make_strong_policy({}));
}

}  // namespace baloot
