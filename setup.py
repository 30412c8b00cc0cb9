"""Builds the C++ core `baloot._core`. BALOOT_SANITIZE=1 builds it with AddressSanitizer and UBSan."""

import os
import platform
from glob import glob

from pybind11.setup_helpers import ParallelCompile, Pybind11Extension, build_ext
from setuptools import setup

ParallelCompile("BALOOT_BUILD_JOBS", default=0).install()

SANITIZE = os.environ.get("BALOOT_SANITIZE") == "1"

compile_args = ["-O1", "-g", "-fno-omit-frame-pointer", "-fsanitize=address,undefined", "-fno-sanitize-recover=undefined"] if SANITIZE else ["-O3"]
link_args = ["-fsanitize=address,undefined"] if SANITIZE else []
# Hardware popcount and friends: every x86-64 CPU of the last fifteen years has them.
if platform.machine().lower() in ("x86_64", "amd64"):
    compile_args.append("-march=native" if os.environ.get("BALOOT_NATIVE") == "1" else "-march=x86-64-v2")

core = Pybind11Extension(
    "baloot._core",
    sorted(glob("csrc/*.cpp") + glob("csrc/bindings/*.cpp")),
    cxx_std=17,
    extra_compile_args=compile_args + ["-Wall", "-Wextra"],
    extra_link_args=link_args + ["-pthread"],
    depends=sorted(glob("csrc/*.hpp") + glob("csrc/bindings/*.hpp")),
)

setup(ext_modules=[core], cmdclass={"build_ext": build_ext})
