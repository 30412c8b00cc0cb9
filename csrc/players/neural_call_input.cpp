#include "players/neural_call_input.hpp"

#include "kernel/rules.hpp"

namespace baloot {

namespace {

int bid_kind(const NeuralCallInput& in, int action) {
  if (action == kNoAction) return 0;
  if (action == kPass) return 1;
  if (action == kHokum) return 2;
  if (action >= kHokumSuit && action < kHokumSuit + kNumSuits) return 3 + in.canonical_suit[action - kHokumSuit];
  if (action == kSun) return 7;
  if (action == kAshkal) return 8;
  return 9;
}

}  // namespace

int neural_call_output(const NeuralCallInput& in, int action) {
  if (action == kPass) return 0;
  if (action == kHokum) return 1;
  if (action >= kHokumSuit && action < kHokumSuit + kNumSuits) return 2 + in.canonical_suit[action - kHokumSuit];
  if (action == kSun) return 6;
  if (action == kAshkal) return 7;
  return -1;
}

void neural_call_input(const SeatView& v, NeuralCallInput& in) {
  const int me = v.seat();
  in.rename_suits(suit_of(v.up_card()));
  const auto relative = [me](int seat) { return (seat - me) & 3; };
  int n = 0;  // the features are listed block by block, each in order
  for (int canon = 0; canon < kNumSuits; ++canon)
    for (Hand h = v.hand() & suit_mask(in.actual_suit[canon]); h; h &= h - 1)
      in.active[n++] = static_cast<std::uint16_t>(kNeuralCallCardsAt + make_card(canon, rank_of(static_cast<Card>(__builtin_ctz(h)))));
  in.active[n++] = static_cast<std::uint16_t>(kNeuralCallUpAt + rank_of(v.up_card()));
  in.active[n++] = static_cast<std::uint16_t>(kNeuralCallPlaceAt + (v.round() == 1 ? 0 : kNumSeats) + ((me - v.dealer() - 1) & 3));
  in.active[n++] = static_cast<std::uint16_t>(kNeuralCallStageAt + static_cast<int>(v.bid_stage()));
  for (int step = 1; step < kNumSeats; ++step)
    in.active[n++] = static_cast<std::uint16_t>(kNeuralCallBidsAt + (step - 1) * kNeuralBidKinds + bid_kind(in, v.last_bid((me + step) & 3)));
  const int hokum = v.hokum_caller(), pending = v.pending_caller();
  in.active[n++] = static_cast<std::uint16_t>(kNeuralCallHokumAt + (hokum == kNoSeat ? 0 : 1 + relative(hokum)));
  in.active[n++] = static_cast<std::uint16_t>(kNeuralCallPendingAt + (pending == kNoSeat ? 0 : 1 + relative(pending)));
  in.count = n;
}

}  // namespace baloot
