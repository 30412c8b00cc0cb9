#include "bindings.hpp"

namespace py = pybind11;

namespace baloot {

Card checked_card(int card) {
  if (card < 0 || card >= kNumCards) throw RuleError("card index " + std::to_string(card) + " is not 0..31");
  return static_cast<Card>(card);
}

Hand checked_hand(std::uint64_t mask) {
  if (mask >> kNumCards) throw RuleError("card mask " + std::to_string(mask) + " has bits above 31");
  return static_cast<Hand>(mask);
}

Mode checked_mode(int mode) {
  if (mode != 0 && mode != 1) throw RuleError("mode " + std::to_string(mode) + " is not 0 (sun) or 1 (hokum)");
  return static_cast<Mode>(mode);
}

Contract checked_contract(int mode, int trump) {
  Contract c{checked_mode(mode), trump};
  if (c.mode == Mode::kSun && trump != kNoSuit) throw RuleError("Sun has no trump, got suit " + std::to_string(trump));
  if (c.mode == Mode::kHokum && (trump < 0 || trump >= kNumSuits))
    throw RuleError("Hokum needs a trump suit 0..3, got " + std::to_string(trump));
  return c;
}

int checked_seat(int seat, const char* what) {
  if (seat < 0 || seat >= kNumSeats) throw RuleError(std::string(what) + " " + std::to_string(seat) + " is not a seat 0..3");
  return seat;
}

}  // namespace baloot

PYBIND11_MODULE(_core, m) {
  m.doc() = "The C++ core of baloot. Use the `baloot` package; this module's API is private.";
  auto& baloot_error = py::register_exception<baloot::RuleError>(m, "BalootError", PyExc_ValueError);
  py::register_exception<baloot::IllegalActionError>(m, "IllegalAction", baloot_error.ptr());
  baloot::bind_kernel(m);
  baloot::bind_hand(m);
  baloot::bind_bench(m);
  baloot::bind_policy(m);
  baloot::bind_solver(m);
}
