// The neural player's network, in integers so that every build decides the same. A wide first layer
// whose int16 accumulator is its bias plus the weight columns of the active features (neural_input.hpp),
// clipped to 0..127; two int8 layers (int32 sums, shifted right by kNeuralShift, clipped to 0..127); then
// two int8 heads read the last layer: a logit for each of the 32 canonical cards, and the value. The later
// layers' activations are bytes, so a product of an activation and a weight pair-summed fits int16 (two times
// 127 x 127): the SIMD byte multiply-adds (pmaddubsw) compute them exactly, as the plain loop does elsewhere.
//
// The float network it quantises computes a = clamp(x, 0, 1) at each hidden layer; a weight w of the
// first layer is stored as round(127 w), a weight of a later layer as round(64 w) (clipped to +-127) and
// its bias as round(127 * 64 b), so a logit or the value in float units is the integer / (127 * 64).
// The value is the seat's team's game points over the other's divided by kNeuralValueScale.
//
// The call network (NeuralCallNet) is the same design, smaller, on a bidding turn's features
// (neural_call_input.hpp), with one head: the seat's team's expected margin after each call, in value units.
//
// Weights file (training/neural_export.py writes it): the line "baloot-neural 1", then little-endian binary:
// five int32 sizes (inputs, layer 1, layer 2, layer 3, cards), the arrays w1 [inputs][l1] and b1 [l1]
// (int16), w2 [l2][l1] (int8), b2 [l2] (int32), w3 [l3][l2] (int8), b3 [l3] (int32), wp [cards][l3]
// (int8), bp [cards] (int32), wv [l3] (int8), bv (int32), and last the 64-bit FNV-1a hash of every byte
// after the first line. A file whose first line is "baloot-neural 2" holds the call network too, after bv:
// five int32 sizes (inputs, layer 1, layer 2, layer 3, calls), then w1, b1, w2, b2, w3, b3 as above and
// wc [calls][l3] (int8), bc [calls] (int32).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "players/neural_call_input.hpp"
#include "players/neural_input.hpp"

namespace baloot {

constexpr int kNeuralL1 = 128;
constexpr int kNeuralL2 = 32;
constexpr int kNeuralL3 = 32;
constexpr int kNeuralShift = 6;
constexpr int kNeuralOne = 127;               // an activation of 1.0
constexpr int kNeuralOutputOne = 127 * 64;    // a logit or value of 1.0
constexpr int kNeuralValueScale = 32;         // game points per value unit
constexpr const char* kNeuralHeader = "baloot-neural 1";
constexpr const char* kNeuralHeaderWithCalls = "baloot-neural 2";
constexpr int kNeuralCallL1 = 64;
constexpr int kNeuralCallL2 = 32;
constexpr int kNeuralCallL3 = 32;

// The layers both networks have: the first layer's columns and bias, then two int8 layers.
template <int Inputs, int L1, int L2, int L3>
struct NeuralLayers {
  static constexpr int kInputs = Inputs, kL1 = L1, kL2 = L2, kL3 = L3;
  alignas(32) std::int16_t w1[Inputs][L1];
  alignas(32) std::int16_t b1[L1];
  alignas(32) std::int8_t w2[L2][L1];
  std::int32_t b2[L2];
  alignas(32) std::int8_t w3[L3][L2];
  std::int32_t b3[L3];
};

struct NeuralCallNet : NeuralLayers<kNeuralCallInputs, kNeuralCallL1, kNeuralCallL2, kNeuralCallL3> {
  alignas(32) std::int8_t wc[kNeuralCalls][kNeuralCallL3];
  std::int32_t bc[kNeuralCalls];
};

struct NeuralNet : NeuralLayers<kNeuralInputs, kNeuralL1, kNeuralL2, kNeuralL3> {
  alignas(32) std::int8_t wp[kNumCards][kNeuralL3];
  std::int32_t bp[kNumCards];
  alignas(32) std::int8_t wv[kNeuralL3];
  std::int32_t bv;
  std::shared_ptr<const NeuralCallNet> calls;  // none in a "baloot-neural 1" file
};

// The last hidden layer of a decision, which both heads read.
struct NeuralHidden {
  alignas(32) std::uint8_t a3[kNeuralL3];
};

struct NeuralOutput {
  std::int32_t policy[kNumCards];  // by canonical card
  std::int32_t value;
};

// The last hidden layer for the `count` active features `active` (each below kNeuralInputs).
void neural_hidden(const NeuralNet& net, const std::uint16_t* active, int count, NeuralHidden& hidden);
// The policy head's logit of each canonical card, and the value head.
void neural_policy(const NeuralNet& net, const NeuralHidden& hidden, std::int32_t (&logits)[kNumCards]);
std::int32_t neural_value(const NeuralNet& net, const NeuralHidden& hidden);
// Every output of the network for `active`.
void neural_forward(const NeuralNet& net, const std::uint16_t* active, int count, NeuralOutput& out);

// The call network's value of each call (neural_call_input.hpp's order) for the `count` active features.
void neural_call_values(const NeuralCallNet& net, const std::uint16_t* active, int count,
                        std::int32_t (&values)[kNeuralCalls]);

// Reads and checks a weights file; a RuleError naming the file and what is wrong (missing, not a neural
// weights file, other sizes, truncated, damaged). The Python package reads its shipped file once and hands
// the same network to every neural player.
std::shared_ptr<NeuralNet> read_neural_net(const std::string& path);

}  // namespace baloot
