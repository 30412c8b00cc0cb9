// A batch of hands for a learning agent at one seat, the other three seats played by built-in policies
// (EnvPool style): step() takes one action per hand, plays the policies' turns up to the agent's next
// decision, and writes observations, legal-action masks, rewards and ends into caller-owned arrays. A
// hand that ends is replaced by a new deal in the same step; the observation of its end goes to final_obs.
// Hand i of a run is dealt, and its policies draw, from its own stream item_seed(seed, i), so results do
// not depend on how many hands run beside it, nor on the number of threads.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "kernel/hand.hpp"
#include "kernel/observation.hpp"
#include "players/policy.hpp"

namespace baloot {

struct VectorEnvConfig {
  int seat = 0;                                      // the agent's seat
  std::shared_ptr<const Policy> others[kNumSeats];   // for every other seat
  Rules rules;
  int dealer = 0;  // of each hand's first deal; it rotates with every new deal
  int scores[2] = {0, 0};
  bool margin = true;  // reward: the agent's team's game points minus the other's (else its own)
  int threads = 1;     // hands are stepped over this many threads (worth it for search players)
};

// Caller-owned outputs, one row per hand.
struct VectorEnvOutput {
  float* observations;           // [n][kObservationSize]
  std::int8_t* masks;            // [n][kNumActions]: 1 where the action is legal
  float* rewards;                // [n]: at the end of a hand, else 0
  std::uint8_t* terminated;      // [n]: 1 where a hand ended in this step
  float* final_observations;     // [n][kObservationSize]: the end of that hand (rows of ended hands only)
};

class VectorEnv {
 public:
  VectorEnv(int num_envs, VectorEnvConfig config);  // throws RuleError for a bad count or seat

  int size() const { return static_cast<int>(slots_.size()); }
  // New deals for every hand, from `seed`; writes observations and masks.
  void reset(std::uint64_t seed, const VectorEnvOutput& out);
  // The first hand whose action is not legal for the agent now, or -1.
  int first_illegal(const std::int64_t* actions) const;
  // One legal action per hand (see first_illegal), for the agent's seat.
  void step(const std::int64_t* actions, const VectorEnvOutput& out);

 private:
  struct Slot {
    HandState state;
    Rng rng{0};
    int deals = 0;
  };
  template <typename Each>
  void for_each_hand(Each each);
  void start_hand(Slot& slot);
  void play_others(Slot& slot);
  void write(int i, const VectorEnvOutput& out) const;

  VectorEnvConfig config_;
  std::vector<Slot> slots_;
};

}  // namespace baloot
