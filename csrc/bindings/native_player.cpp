// Players compiled by their users against baloot/native/baloot_player.h: a C function pointer from a
// PyCapsule or an address, called from the core's threads with a view of the seat to move.
#include <cstring>

#include "../../baloot/native/baloot_player.h"
#include "bindings.hpp"

namespace py = pybind11;

namespace baloot {

// The header's numbers are the core's (unary + compares them as ints).
static_assert(+BALOOT_PASS == +kPass && +BALOOT_HOKUM == +kHokum && +BALOOT_HOKUM_SUIT == +kHokumSuit &&
              +BALOOT_SUN == +kSun && +BALOOT_ASHKAL == +kAshkal && +BALOOT_DOUBLE == +kDouble &&
              +BALOOT_THREE == +kThree && +BALOOT_FOUR == +kFour && +BALOOT_GAHWA == +kGahwa &&
              +BALOOT_DOUBLE_CLOSED == +kDoubleClosed && +BALOOT_FOUR_CLOSED == +kFourClosed &&
              +BALOOT_KAWESH == +kKawesh && +BALOOT_NUM_ACTIONS == kNumActions);
static_assert(BALOOT_PLAYING == static_cast<int>(Phase::kPlaying) &&
              BALOOT_HOKUM_CONFIRM == static_cast<int>(BidStage::kHokumConfirm));

namespace {

void fill_view(const SeatView& v, baloot_view& out) {
  std::memset(out.reserved, 0, sizeof out.reserved);
  out.version = BALOOT_VIEW_VERSION;
  out.size = sizeof(baloot_view);
  out.legal = v.legal_actions();
  out.hand = v.hand();
  out.played = v.played();
  out.seat = v.seat();
  out.dealer = v.dealer();
  out.phase = static_cast<int>(v.phase());
  out.round = v.round();
  out.bid_stage = static_cast<int>(v.bid_stage());
  out.up_card = v.up_card();
  out.hokum_caller = v.hokum_caller();
  out.pending_caller = v.pending_caller();
  out.has_contract = v.has_contract();
  out.mode = v.has_contract() ? static_cast<int>(v.contract().mode) : -1;
  out.trump = v.has_contract() ? v.contract().trump : kNoSuit;
  out.buyer = v.has_contract() ? v.buyer() : kNoSeat;
  out.up_card_holder = v.has_contract() ? v.up_card_holder() : kNoSeat;
  out.multiplier = v.multiplier();
  out.doubler = v.doubler();
  out.leader = v.leader();
  out.trick_len = v.trick_len();
  out.trick_best = v.trick_best();
  out.tricks_played = v.tricks_played();
  // The play so far is one array in play order, the trick on the table its last partial group of four.
  const int played = kNumSeats * v.tricks_played() + v.trick_len();
  std::memcpy(out.played_cards, v.trick() - kNumSeats * v.tricks_played(), static_cast<std::size_t>(played));
  std::memset(out.played_cards + played, -1, static_cast<std::size_t>(kNumCards - played));
  std::memcpy(out.trick, out.played_cards + kNumSeats * v.tricks_played(), kNumSeats);
  for (int t = 0; t < kNumTricks; ++t)
    out.trick_leaders[t] = static_cast<std::int8_t>(t < v.tricks_played() ? v.trick_leader(t) : -1);
  out.shown_voids = v.shown_voids();
  for (int team = 0; team < 2; ++team) {
    out.abnat[team] = v.abnat(team);
    out.scores[team] = v.score_before(team);
  }
}

class NativePolicy final : public Policy {
 public:
  NativePolicy(baloot_player choose, std::string name) : choose_(choose), name_(std::move(name)) {}

  int choose(const HandState& state, Rng& rng) const override {
    baloot_view view;  // fill_view writes every field
    fill_view(SeatView(state), view);
    const int action = choose_(&view, rng.next());
    if (action < 0 || action >= kNumActions || !(view.legal >> action & 1))
      throw IllegalActionError("native player " + name_ + " chose action " + std::to_string(action) + " for seat " +
                               std::to_string(state.to_move()) + ", which is not legal now");
    return action;
  }

 private:
  baloot_player choose_;
  std::string name_;
};

baloot_player function_of(const py::object& function) {
  void* pointer = nullptr;
  if (PyCapsule_CheckExact(function.ptr())) {
    pointer = PyCapsule_GetPointer(function.ptr(), PyCapsule_GetName(function.ptr()));
    if (!pointer) throw py::error_already_set();
  } else if (py::isinstance<py::int_>(function)) {
    pointer = reinterpret_cast<void*>(function.cast<std::uintptr_t>());
  } else {
    throw RuleError("a native player is a PyCapsule or an address of a C function, not " +
                    py::repr(function).cast<std::string>());
  }
  if (!pointer) throw RuleError("a native player's function pointer is null");
  return reinterpret_cast<baloot_player>(pointer);
}

}  // namespace

Player native_player(const py::object& function, const std::string& name) {
  return Player{name, std::make_shared<NativePolicy>(function_of(function), name)};
}

}  // namespace baloot
