"""Builds the C++ core `baloot._core`.

On x86-64 the core is built twice from the same sources: for a baseline that every x86-64 CPU of the last
fifteen years runs (x86-64-v2), as `baloot._core` itself, and for x86-64-v3 (BMI2's pdep picks the k-th card
of a hand in one instruction) as a sibling library that `_core` loads on import where the CPU has it
(csrc/bindings/dispatch.cpp); so one wheel runs on any x86-64 CPU, at full speed where it can. Elsewhere
(aarch64) the core is built once, for the compiler's default target.

BALOOT_SANITIZE=1 builds with AddressSanitizer and UBSan; BALOOT_PORTABLE=1 builds the baseline alone (half
the build time, no fast path); BALOOT_NATIVE=1 builds once with -march=native, for this machine only.
"""

from __future__ import annotations

import copy
import os
import platform
import shlex
import subprocess
import sysconfig
from glob import glob

from pybind11.setup_helpers import ParallelCompile, Pybind11Extension, build_ext
from setuptools import setup
from setuptools.command.build_py import build_py

ParallelCompile("BALOOT_BUILD_JOBS", default=0).install()

SANITIZE = os.environ.get("BALOOT_SANITIZE") == "1"

SANITIZER_FLAGS = ["-O1", "-g", "-fno-omit-frame-pointer", "-fsanitize=address,undefined",
                   "-fno-sanitize-recover=undefined"]
# Asserts on the core's preconditions are compiled into the sanitizer build only (Python's own flags
# usually carry -DNDEBUG, so the sanitizer build undefines it and the normal build defines it).
COMPILE_ARGS = SANITIZER_FLAGS + ["-UNDEBUG"] if SANITIZE else ["-O3", "-DNDEBUG"]
LINK_ARGS = ["-fsanitize=address,undefined"] if SANITIZE else []

BASELINE, FAST = "x86-64-v2", "x86-64-v3"
# The levels as instruction sets, for compilers older than their names (GCC 11, Clang 12).
LEVEL_FLAGS = {BASELINE: ["-mcx16", "-msahf", "-mpopcnt", "-msse3", "-msse4.1", "-msse4.2", "-mssse3"]}
LEVEL_FLAGS[FAST] = LEVEL_FLAGS[BASELINE] + ["-mavx", "-mavx2", "-mbmi", "-mbmi2", "-mf16c", "-mfma", "-mlzcnt",
                                             "-mmovbe", "-mxsave"]


def run_compiler(args: list) -> subprocess.CompletedProcess | None:
    """The C++ compiler run on an empty file with args (None when it cannot be run)."""
    compiler = shlex.split(os.environ.get("CXX") or sysconfig.get_config_var("CXX") or "c++")
    try:
        return subprocess.run(compiler + args + ["-E", "-x", "c++", os.devnull], capture_output=True, text=True,
                              timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None


def march(level: str) -> list:
    """-march=level where the compiler knows the name, else the level's instruction sets one by one."""
    known = run_compiler([f"-march={level}"])
    return [f"-march={level}"] if known is not None and known.returncode == 0 else LEVEL_FLAGS[level]


def builds() -> list:
    """(module name, -march flags, build_target) of each build of the core; the first is `baloot._core`."""
    if os.environ.get("BALOOT_NATIVE") == "1":
        return [("_core", ["-march=native"], "native")]
    if platform.machine().lower() not in ("x86_64", "amd64"):
        return [("_core", [], "default")]
    if os.environ.get("BALOOT_PORTABLE") == "1" or os.name != "posix":
        return [("_core", march(BASELINE), BASELINE)]
    return [(name, march(level), f"{BASELINE} (dispatch: {level})")
            for name, level in (("_core", BASELINE), (fast_module(), FAST))]


def fast_module() -> str:
    return "_core_" + FAST.replace("-", "_")


def gcc() -> bool:
    macros = run_compiler(["-dM"])
    return macros is not None and "#define __GNUC__" in macros.stdout and "__clang__" not in macros.stdout


# Link-time optimisation lets the hot loops inline the scoring and projects from other files (GCC's
# -flto=auto; the same flags again at the link, where the code is generated).
LTO = not SANITIZE and gcc()


def core_extension(name: str, flags: list, target: str, fast_path: bool) -> Pybind11Extension:
    compile_args = COMPILE_ARGS + flags + (["-flto=auto"] if LTO else [])
    link_args = LINK_ARGS + (compile_args if LTO else [])
    define_macros = [("BALOOT_BUILD_TARGET", f'"{target}"')]
    sources = sorted(glob("csrc/**/*.cpp", recursive=True))
    if name == "_core" and fast_path:
        define_macros += [("BALOOT_FAST_PATH", f'"{FAST}"'),
                          ("BALOOT_FAST_PATH_FILE", f'"{fast_module()}{sysconfig.get_config_var("EXT_SUFFIX")}"')]
    elif name != "_core":
        sources.remove(os.path.join("csrc", "bindings", "dispatch.cpp"))  # the entry point is _core's alone
    return Pybind11Extension(
        f"baloot.{name}",
        sources,
        cxx_std=17,
        include_dirs=["csrc"],
        extra_compile_args=compile_args + ["-Wall", "-Wextra"],
        define_macros=define_macros,
        extra_link_args=link_args + ["-pthread"],
        depends=sorted(glob("csrc/**/*.hpp", recursive=True)),
    )


# The C header of native players belongs to the core; the package ships a copy next to its Cython
# declarations (baloot/native/, where baloot.get_include() points), made by every build.
NATIVE_HEADER = os.path.join("csrc", "players", "native", "baloot_player.h")


def install_native_header(command, package_root: str) -> None:
    """Copies the native players' header into the package under package_root (a build or the source tree)."""
    target = os.path.join(package_root, "baloot", "native")
    command.mkpath(target)
    command.copy_file(NATIVE_HEADER, os.path.join(target, os.path.basename(NATIVE_HEADER)))


class BuildEachInItsOwnFolder(build_ext):
    """The builds compile the same sources with different flags, so each keeps its objects apart; an in-place
    build also puts the native players' header in the source tree's package."""

    def run(self) -> None:
        super().run()
        if self.inplace:
            install_native_header(self, os.curdir)

    def build_extension(self, ext) -> None:
        own = copy.copy(self)
        own.build_temp = os.path.join(self.build_temp, ext.name)
        super(BuildEachInItsOwnFolder, own).build_extension(ext)


class BuildPyWithHeader(build_py):
    """The package's files and the native players' header (into the source tree for an editable install)."""

    def run(self) -> None:
        super().run()
        install_native_header(self, os.curdir if getattr(self, "editable_mode", False) else self.build_lib)


BUILDS = builds()
setup(ext_modules=[core_extension(name, flags, target, len(BUILDS) > 1) for name, flags, target in BUILDS],
      cmdclass={"build_ext": BuildEachInItsOwnFolder, "build_py": BuildPyWithHeader})
