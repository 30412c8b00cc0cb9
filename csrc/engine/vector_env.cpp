#include "engine/vector_env.hpp"

#include <atomic>
#include <string>
#include <utility>

#include "kernel/parallel.hpp"

namespace baloot {

VectorEnv::VectorEnv(int num_envs, VectorEnvConfig config) : config_(std::move(config)) {
  if (num_envs < 1) throw RuleError("num_envs " + std::to_string(num_envs) + " must be at least 1");
  if (config_.seat < 0 || config_.seat >= kNumSeats) throw RuleError("seat " + std::to_string(config_.seat) + " is not a seat 0..3");
  for (int seat = 0; seat < kNumSeats; ++seat)
    if (seat != config_.seat && !config_.others[seat]) throw RuleError("seat " + std::to_string(seat) + " has no player");
  if (config_.threads < 1) throw RuleError("threads " + std::to_string(config_.threads) + " must be at least 1");
  slots_.resize(static_cast<std::size_t>(num_envs));
}

// Runs each(i) for every hand i, over the configured threads (one hand a chunk: hands differ in cost).
template <typename Each>
void VectorEnv::for_each_hand(Each each) {
  struct Worker {
    Each& each;
    void operator()(std::int64_t begin, std::int64_t end) {
      for (std::int64_t i = begin; i < end; ++i) each(static_cast<int>(i));
    }
    void finish() {}
  };
  const std::atomic<bool> stop{false};
  std::atomic<std::int64_t> done{0};
  parallel_chunks(size(), std::min(config_.threads, size()), 1, stop, done, [&] { return Worker{each}; });
}

void VectorEnv::reset(std::uint64_t seed, const VectorEnvOutput& out) {
  for_each_hand([&](int i) {
    Slot& slot = slots_[static_cast<std::size_t>(i)];
    slot.rng = Rng(item_seed(seed, static_cast<std::uint64_t>(i)));
    slot.deals = 0;
    start_hand(slot);
    out.rewards[i] = 0;
    out.terminated[i] = 0;
    write(i, out);
  });
}

int VectorEnv::first_illegal(const std::int64_t* actions) const {
  for (int i = 0; i < size(); ++i) {
    const std::int64_t a = actions[i];
    if (a < 0 || a >= kNumActions || !slots_[static_cast<std::size_t>(i)].state.is_legal(static_cast<int>(a))) return i;
  }
  return -1;
}

void VectorEnv::step(const std::int64_t* actions, const VectorEnvOutput& out) {
  for_each_hand([&](int i) {
    Slot& slot = slots_[static_cast<std::size_t>(i)];
    slot.state.apply(static_cast<int>(actions[i]));
    play_others(slot);
    const bool over = slot.state.phase() == Phase::kOver;
    out.rewards[i] = over ? static_cast<float>(hand_reward(slot.state.score(), config_.seat, config_.margin)) : 0.0f;
    out.terminated[i] = over;
    if (over) {
      observe(slot.state, config_.seat, out.final_observations + static_cast<std::ptrdiff_t>(i) * kObservationSize);
      start_hand(slot);
    }
    write(i, out);
  });
}

// A new deal, played up to the agent's first decision (at the latest its first card: no hand ends before
// it).
void VectorEnv::start_hand(Slot& slot) {
  const int dealer = (config_.dealer + slot.deals++) % kNumSeats;
  slot.state = HandState::random_deal(slot.rng, dealer, config_.scores, config_.rules);
  play_others(slot);
}

void VectorEnv::play_others(Slot& slot) {
  HandState& state = slot.state;
  while (state.phase() != Phase::kOver && state.to_move() != config_.seat)
    state.apply(config_.others[state.to_move()]->choose(state, slot.rng));
}

void VectorEnv::write(int i, const VectorEnvOutput& out) const {
  const HandState& state = slots_[static_cast<std::size_t>(i)].state;
  observe(state, config_.seat, out.observations + static_cast<std::ptrdiff_t>(i) * kObservationSize);
  const ActionMask legal = state.legal_actions();
  std::int8_t* mask = out.masks + static_cast<std::ptrdiff_t>(i) * kNumActions;
  for (int a = 0; a < kNumActions; ++a) mask[a] = static_cast<std::int8_t>(legal >> a & 1);
}

}  // namespace baloot
