"""Builds the C++ core `baloot._core`. BALOOT_SANITIZE=1 builds it with AddressSanitizer and UBSan."""

import os
from glob import glob

from pybind11.setup_helpers import ParallelCompile, Pybind11Extension, build_ext, naive_recompile
from setuptools import setup

ParallelCompile("BALOOT_BUILD_JOBS", default=0, needs_recompile=naive_recompile).install()

SANITIZE = os.environ.get("BALOOT_SANITIZE") == "1"

compile_args = ["-O1", "-g", "-fno-omit-frame-pointer", "-fsanitize=address,undefined", "-fno-sanitize-recover=undefined"] if SANITIZE else ["-O3"]
link_args = ["-fsanitize=address,undefined"] if SANITIZE else []

core = Pybind11Extension(
    "baloot._core",
    sorted(glob("csrc/*.cpp") + glob("csrc/bindings/*.cpp")),
    cxx_std=17,
    extra_compile_args=compile_args + ["-Wall", "-Wextra"],
    extra_link_args=link_args + ["-pthread"],
    depends=sorted(glob("csrc/*.hpp") + glob("csrc/bindings/*.hpp")),
)

setup(ext_modules=[core], cmdclass={"build_ext": build_ext})
