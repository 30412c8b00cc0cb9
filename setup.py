"""Builds the C++ core `baloot._core` for the machine it is built on.

BALOOT_SANITIZE=1 builds it with AddressSanitizer and UBSan; BALOOT_PORTABLE=1 for any x86-64 CPU of the
last fifteen years (x86-64-v2), for a wheel meant for other machines; BALOOT_NATIVE=1 with -march=native.
"""

import os
import platform
import shlex
import subprocess
import sysconfig
from glob import glob

from pybind11.setup_helpers import ParallelCompile, Pybind11Extension, build_ext
from setuptools import setup

ParallelCompile("BALOOT_BUILD_JOBS", default=0).install()

SANITIZE = os.environ.get("BALOOT_SANITIZE") == "1"

SANITIZER_FLAGS = ["-O1", "-g", "-fno-omit-frame-pointer", "-fsanitize=address,undefined",
                   "-fno-sanitize-recover=undefined"]
compile_args = SANITIZER_FLAGS if SANITIZE else ["-O3"]
link_args = ["-fsanitize=address,undefined"] if SANITIZE else []


def compiler_macros() -> str:
    """What the C++ compiler predefines for this machine's CPU ("" when it cannot be asked)."""
    compiler = shlex.split(os.environ.get("CXX") or sysconfig.get_config_var("CXX") or "c++")
    try:
        return subprocess.run(compiler + ["-march=native", "-dM", "-E", "-x", "c++", os.devnull],
                              capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return ""


def x86_level(macros: str) -> str:
    """x86-64-v3 where the build machine has it (BMI2's pdep picks the k-th card of a hand in one
    instruction) unless its pdep is microcoded (AMD Zen 1 and 2); else x86-64-v2 (popcount and friends)."""
    if os.environ.get("BALOOT_NATIVE") == "1":
        return "native"
    if os.environ.get("BALOOT_PORTABLE") == "1":
        return "x86-64-v2"
    v3 = all(f"#define {name} 1" in macros for name in ("__AVX2__", "__BMI2__", "__FMA__", "__LZCNT__", "__MOVBE__"))
    slow_pdep = "#define __znver1 1" in macros or "#define __znver2 1" in macros
    return "x86-64-v3" if v3 and not slow_pdep else "x86-64-v2"


MACROS = compiler_macros()
target = x86_level(MACROS) if platform.machine().lower() in ("x86_64", "amd64") else "default"
if target != "default":
    compile_args.append(f"-march={target}")
# Link-time optimisation lets the hot loops inline the scoring and projects from other files (GCC's
# -flto=auto; the same flags again at the link, where the code is generated).
if not SANITIZE and "#define __GNUC__" in MACROS and "__clang__" not in MACROS:
    compile_args.append("-flto=auto")
    link_args = link_args + compile_args

core = Pybind11Extension(
    "baloot._core",
    sorted(glob("csrc/**/*.cpp", recursive=True)),
    cxx_std=17,
    extra_compile_args=compile_args + ["-Wall", "-Wextra"],
    define_macros=[("BALOOT_BUILD_TARGET", f'"{target}"')],
    extra_link_args=link_args + ["-pthread"],
    depends=sorted(glob("csrc/**/*.hpp", recursive=True)),
)

setup(ext_modules=[core], cmdclass={"build_ext": build_ext})
