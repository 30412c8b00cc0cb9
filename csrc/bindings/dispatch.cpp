// The entry point Python calls when it imports baloot._core: it runs the module built for this CPU, chosen
// once here so that no call pays for the choice. On x86-64 setup.py builds the whole module twice from the
// same sources: for a baseline every x86-64 CPU runs (this library) and for x86-64-v3 (a sibling library,
// BALOOT_FAST_PATH), whose BMI2 picks the k-th card of a hand in one instruction. Each build's module body
// is exported as baloot_core_init (see module.cpp). BALOOT_CPU=baseline in the environment forces the
// baseline, so that the tests can compare both paths on one machine.
#include <Python.h>

#ifdef BALOOT_FAST_PATH
#include <dlfcn.h>

#include <cstdlib>
#include <cstring>
#include <string>
#endif

extern "C" __attribute__((visibility("default"))) PyObject* baloot_core_init();

#ifdef BALOOT_FAST_PATH
namespace {

using ModuleInit = PyObject* (*)();

// x86-64-v3 with a fast pdep: AMD Zen 1 and 2 microcode it (hundreds of cycles), so they run the baseline.
bool cpu_runs_fast_path() {
  __builtin_cpu_init();
#if defined(__clang__) || __GNUC__ < 12  // these compilers may not know the level by name
  const bool v3 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
                  __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("fma");
#else
  const bool v3 = __builtin_cpu_supports("x86-64-v3");
#endif
  return v3 && !__builtin_cpu_is("znver1") && !__builtin_cpu_is("znver2");
}

// What BALOOT_CPU in the environment asks for.
enum class CpuSetting { kAuto, kBaseline, kUnknown };

CpuSetting cpu_setting() {
  const char* wanted = std::getenv("BALOOT_CPU");
  if (wanted == nullptr || *wanted == '\0' || std::strcmp(wanted, "auto") == 0) return CpuSetting::kAuto;
  return std::strcmp(wanted, "baseline") == 0 ? CpuSetting::kBaseline : CpuSetting::kUnknown;
}

// The fast build's module body, from the library next to this one (it stays loaded for the process).
ModuleInit load_fast_path() {
  Dl_info self{};
  if (dladdr(reinterpret_cast<void*>(&load_fast_path), &self) == 0 || self.dli_fname == nullptr) {
    PyErr_SetString(PyExc_ImportError, "baloot._core cannot find its own file to load its " BALOOT_FAST_PATH " build");
    return nullptr;
  }
  std::string path = self.dli_fname;
  path = path.substr(0, path.find_last_of('/') + 1) + BALOOT_FAST_PATH_FILE;
  void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  void* init = library != nullptr ? dlsym(library, "baloot_core_init") : nullptr;
  if (init == nullptr) {
    PyErr_Format(PyExc_ImportError, "the " BALOOT_FAST_PATH " build of baloot._core cannot be loaded (%s); "
                 "BALOOT_CPU=baseline runs the baseline build", dlerror());
    return nullptr;
  }
  return reinterpret_cast<ModuleInit>(init);
}

}  // namespace
#endif

PyMODINIT_FUNC PyInit__core() {
#ifdef BALOOT_FAST_PATH
  switch (cpu_setting()) {
    case CpuSetting::kUnknown:
      PyErr_Format(PyExc_ValueError, "BALOOT_CPU=%s is not 'baseline' or 'auto'", std::getenv("BALOOT_CPU"));
      return nullptr;
    case CpuSetting::kAuto:
      if (cpu_runs_fast_path()) {
        const ModuleInit fast = load_fast_path();
        return fast != nullptr ? fast() : nullptr;
      }
      break;
    case CpuSetting::kBaseline:
      break;
  }
#endif
  return baloot_core_init();
}
