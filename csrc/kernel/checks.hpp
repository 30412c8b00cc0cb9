// Values from outside the core (the Python bindings, the C API) checked on the way in: each returns the value
// as the core's type, or throws RuleError naming it.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernel/cards.hpp"
#include "kernel/rules.hpp"

namespace baloot {

Card checked_card(int card);
Hand checked_hand(std::uint64_t mask);
Mode checked_mode(int mode);
Contract checked_contract(int mode, int trump);
int checked_seat(int seat, const char* what);
// A deal's 32 cards in dealing order, each once, from `count` card numbers.
void checked_deck(const int* cards, std::size_t count, Card (&deck)[kNumCards]);

}  // namespace baloot
