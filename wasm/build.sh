#!/bin/sh
# Builds the engine's C API (csrc/capi over the core) to WebAssembly with Emscripten: wasm/dist/baloot_core.js,
# one file with the .wasm and the strong and neural players' weights inside (no server needed to load it).
#   wasm/build.sh            # from anywhere; needs emcc (Debian: apt-get install emscripten)
# BALOOT_WASM_OPT overrides the optimisation flags (default -O3).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
out="$here/dist"
mkdir -p "$out"
# Debian's emscripten runs its JavaScript tools with the system node, which finds Debian's acorn here.
export NODE_PATH="${NODE_PATH:-/usr/share/nodejs}"
cd "$root"
exports=$(sed -n 's/^BALOOT_EXPORT [^(]* \**\(baloot_[a-z_0-9]*\)(.*/_\1/p' csrc/capi/baloot.h | paste -sd, -)
# WebAssembly's 128-bit SIMD (Node 16.4+, every current browser), with the SSSE3 intrinsics mapped onto it:
# the neural network's byte multiply-adds take the same vector path as the x86-64 baseline, the same integers.
# shellcheck disable=SC2046
emcc -std=c++17 ${BALOOT_WASM_OPT:--O3} -msimd128 -mssse3 -DNDEBUG -fexceptions -Icsrc -Icsrc/players/native \
  $(ls csrc/kernel/*.cpp csrc/solver/*.cpp csrc/players/*.cpp csrc/engine/*.cpp csrc/capi/*.cpp) \
  -sMODULARIZE=1 -sEXPORT_NAME=createBalootCore -sSINGLE_FILE=1 -sALLOW_MEMORY_GROWTH=1 -sWASM_BIGINT=1 -sWASM_ASYNC_COMPILATION=0 \
  -sEXPORTED_FUNCTIONS="_malloc,_free,$exports" \
  -sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8,FS \
  --embed-file baloot/strong.weights@/strong.weights --embed-file baloot/neural.weights@/neural.weights \
  -o "$out/baloot_core.js"
ls -l "$out/baloot_core.js"
