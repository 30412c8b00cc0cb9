#!/bin/sh
# Builds the core for aarch64 on an x86-64 Debian 12 machine and runs it there under qemu-user: an aarch64
# CPython from Debian's arm64 packages runs setup.py (which then calls the cross compiler), and the same
# script then runs tests/test_dispatch.py's digests, which must equal those recorded on x86-64, and the
# test files given as arguments (default: a handful of rules and player tests).
#
#     sh tools/cross_aarch64.sh [tests/test_x.py ...]
#
# Needs root for apt (g++-aarch64-linux-gnu, qemu-user, the arm64 architecture) and PyPI for the aarch64
# wheels of numpy and the test tools. Everything else goes under $ROOT (default /opt/baloot-aarch64).
set -eu
ROOT=${ROOT:-/opt/baloot-aarch64}
REPO=$(cd "$(dirname "$0")/.." && pwd)
SYSROOT=$ROOT/sysroot
SITE=$ROOT/site
BUILD=$ROOT/repo

if ! command -v aarch64-linux-gnu-g++ >/dev/null || ! command -v qemu-aarch64 >/dev/null; then
  apt-get install -y -q g++-aarch64-linux-gnu qemu-user
fi
if [ ! -x "$SYSROOT/usr/bin/python3.11" ]; then
  dpkg --add-architecture arm64
  apt-get update -q
  mkdir -p "$ROOT/debs" "$SYSROOT"
  cd "$ROOT/debs"
  for package in libc6 libstdc++6 libgcc-s1 python3.11-minimal libpython3.11-minimal libpython3.11-stdlib \
      python3.11 libpython3.11 libpython3.11-dev libexpat1 zlib1g libssl3 libffi8 libbz2-1.0 liblzma5 \
      libsqlite3-0 libncursesw6 libtinfo6 libreadline8 libuuid1 libcrypt1 libdb5.3 libgdbm6 libgdbm-compat4 \
      libnsl2 libtirpc3 libgssapi-krb5-2 libkrb5-3 libk5crypto3 libcom-err2 libkrb5support0 libkeyutils1; do
    apt-get download -q "$package:arm64"
  done
  for deb in *.deb; do dpkg -x "$deb" "$SYSROOT"; done
fi
if [ ! -d "$SITE/numpy" ]; then
  python3 -m pip install -q --target "$SITE" --implementation cp --python-version 3.11 --only-binary=:all: \
    --platform manylinux_2_17_aarch64 --platform manylinux2014_aarch64 --platform manylinux_2_28_aarch64 \
    numpy pytest hypothesis pytest-benchmark setuptools pybind11
fi

# Registered with the kernel, aarch64 programs run as any other: tests start Python again in subprocesses.
if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
  [ -e /proc/sys/fs/binfmt_misc/register ] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
  printf '%s\n' ':qemu-aarch64:M::\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xb7\x00:\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff:/usr/bin/qemu-aarch64:' \
    > /proc/sys/fs/binfmt_misc/register
fi

rm -rf "$BUILD"
mkdir -p "$BUILD"
(cd "$REPO" && git ls-files -z | xargs -0 cp --parents -t "$BUILD")
export QEMU_LD_PREFIX="$SYSROOT"
export PYTHONPATH="$BUILD:$SITE"
PYTHON=$SYSROOT/usr/bin/python3.11
cd "$BUILD"
# The emulated Python reads its headers' path as /usr/include/python3.11; the machine's own pyconfig.h there
# includes the arm64 one, which only the sysroot has.
CPPFLAGS="-I$SYSROOT/usr/include" $PYTHON setup.py -q build_ext --inplace -j 2
$PYTHON -c "import platform, baloot; print(platform.machine(), baloot._core.build_target)"
if [ $# -eq 0 ]; then
  set -- tests/test_dispatch.py tests/test_simulate.py tests/test_rulings_kernel.py tests/test_worked_examples.py \
    tests/test_strong.py
fi
$PYTHON -m pytest -q -p no:cacheprovider "$@"
