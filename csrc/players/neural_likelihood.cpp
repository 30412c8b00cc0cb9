#include "players/neural_likelihood.hpp"

#include <algorithm>
#include <array>
#include <climits>

#include "kernel/rules.hpp"

namespace baloot {

namespace {

// exp(-d) and ln(1 + m / 256) by tables the compiler computes (IEEE arithmetic, one rounding per step), so
// that the weights are integers whatever the build's floating point.
constexpr int kExpStep = 64;                                  // logit units per entry of the exp table
constexpr int kExpEntries = 16 * kNeuralOutputOne / kExpStep;  // exp(-16) is as good as 0 beside exp(0)
constexpr int kExpOneBits = 24;                                // exp(0) = 2^24

constexpr double exp_negative(double x) {  // e^-x for 0 <= x <= 16: (e^(-x/1024))^1024
  const double y = -x / 1024;
  double term = 1, sum = 1;
  for (int k = 1; k < 12; ++k) sum += term *= y / k;
  for (int k = 0; k < 10; ++k) sum *= sum;
  return sum;
}

constexpr double log_of(double y) {  // ln y for 1 <= y <= 2: 2 atanh((y - 1) / (y + 1))
  const double z = (y - 1) / (y + 1);
  double power = z, sum = 0;
  for (int k = 1; k < 40; k += 2, power *= z * z) sum += power / k;
  return 2 * sum;
}

constexpr std::array<std::uint32_t, kExpEntries> exp_table() {
  std::array<std::uint32_t, kExpEntries> t{};
  for (int i = 0; i < kExpEntries; ++i)
    t[i] = static_cast<std::uint32_t>(exp_negative(static_cast<double>(i) * kExpStep / kNeuralOutputOne) *
                                      (1 << kExpOneBits) + 0.5);
  return t;
}

constexpr std::array<std::int32_t, 256> log_table() {  // ln(1 + m / 256) in logit units
  std::array<std::int32_t, 256> t{};
  for (int m = 0; m < 256; ++m) t[m] = static_cast<std::int32_t>(log_of(1 + m / 256.0) * kNeuralOutputOne + 0.5);
  return t;
}

constexpr std::array<std::uint32_t, kExpEntries> kExp = exp_table();
constexpr std::array<std::int32_t, 256> kLog = log_table();
constexpr std::int64_t kLog2 = static_cast<std::int64_t>(log_of(2) * kNeuralOutputOne + 0.5);

// 2^24 e^-d for d >= 0 in logit units.
std::uint64_t exp_units(std::int64_t d) { return d / kExpStep < kExpEntries ? kExp[d / kExpStep] : 0; }

// ln(sum / 2^24) in logit units, for sum >= 2^24.
std::int64_t log_units(std::uint64_t sum) {
  const int top = 63 - __builtin_clzll(sum);
  return (top - kExpOneBits) * kLog2 + kLog[(sum >> (top - 8)) & 255];
}

}  // namespace

int neural_play_log_probability(const NeuralNet& net, const SeatView& v, Card card) {
  const Hand legal = v.legal_cards();
  if (!(legal & (legal - 1))) return 0;
  NeuralInput in;
  neural_input(v, in);
  NeuralHidden hidden;
  neural_hidden(net, in.active, in.count, hidden);
  std::int32_t logits[kNumCards];
  neural_policy(net, hidden, logits);
  const Hand canonical = in.canonical(legal);
  std::int32_t top = INT32_MIN;
  for (Hand h = canonical; h; h &= h - 1) top = std::max(top, logits[__builtin_ctz(h)]);
  std::uint64_t sum = 0;
  for (Hand h = canonical; h; h &= h - 1) sum += exp_units(std::int64_t{top} - logits[__builtin_ctz(h)]);
  const std::int64_t log_p = std::int64_t{logits[in.canonical(card)]} - top - log_units(sum);
  return static_cast<int>(std::max<std::int64_t>(log_p, -kNeuralPlayFloor));
}

int pick_by_log_weight(const std::int64_t* log_weight, int count, Rng& rng) {
  const std::int64_t top = *std::max_element(log_weight, log_weight + count);
  std::uint64_t total = 0;
  for (int k = 0; k < count; ++k) total += exp_units(top - log_weight[k]);
  std::uint64_t r = rng.below(static_cast<std::uint32_t>(total));
  for (int k = 0; k < count; ++k) {
    const std::uint64_t w = exp_units(top - log_weight[k]);
    if (r < w) return k;
    r -= w;
  }
  return count - 1;
}

}  // namespace baloot
