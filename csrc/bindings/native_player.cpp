// Players compiled by their users against players/native/baloot_player.h, from Python: a C function
// pointer given as a PyCapsule or an address (csrc/native_play.hpp calls it).
#include "players/native_play.hpp"
#include "bindings/bindings.hpp"

namespace py = pybind11;

namespace baloot {

namespace {

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
