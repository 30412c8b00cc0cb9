// Shared helpers of the Python bindings: the only place besides csrc/bindings/*.cpp that sees pybind11.
#pragma once

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "../cards.hpp"
#include "../rules.hpp"

namespace baloot {

// An action that the state does not allow; the bindings raise it as baloot.IllegalAction.
class IllegalActionError : public RuleError {
 public:
  using RuleError::RuleError;
};

Card checked_card(int card);
Hand checked_hand(std::uint64_t mask);
Mode checked_mode(int mode);
Contract checked_contract(int mode, int trump);
int checked_seat(int seat, const char* what);

void bind_kernel(pybind11::module_& m);
void bind_hand(pybind11::module_& m);
void bind_bench(pybind11::module_& m);
void bind_policy(pybind11::module_& m);
void bind_solver(pybind11::module_& m);

}  // namespace baloot
