#!/bin/bash
# Builds c2cuda and c2cuda-tune as static binaries (LLVM, Clang, isl and the
# C++ runtime linked in: nothing of them needed where they run) and packs
# them with Clang's resource headers, for a GPU machine without LLVM:
#
#   scripts/static-c2cuda.sh BUILD-DIR OUT-DIR     # writes OUT-DIR/c2cuda-static.tar.xz
#   # on the GPU machine:
#   tar xf c2cuda-static.tar.xz
#   C2CUDA_RESOURCE_DIR=$PWD/c2cuda-static/resource \
#     c2cuda-static/bin/c2cuda tune matmul.c --size M=1024,N=1024,K=1024 -o mm.cu
#
# The static link needs libzstd.a (Debian's libzstd-dev), which the shared
# build does not; it is installed here when missing.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:?usage: static-c2cuda.sh BUILD-DIR OUT-DIR}
out=${2:?usage: static-c2cuda.sh BUILD-DIR OUT-DIR}
if ! ls /usr/lib/*/libzstd.a > /dev/null 2>&1; then
  apt-get install -y libzstd-dev
fi
cmake -S "$root" -B "$build" -G Ninja -DC2CUDA_STATIC_TOOLS=ON > /dev/null
ninja -C "$build" c2cuda c2cuda-tune
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/c2cuda-static/bin" "$stage/c2cuda-static/resource" "$out"
strip -o "$stage/c2cuda-static/bin/c2cuda" "$build/tools/c2cuda/c2cuda"
strip -o "$stage/c2cuda-static/bin/c2cuda-tune" "$build/tools/c2cuda/c2cuda-tune"
cp -r "$(/usr/lib/llvm-19/bin/clang -print-resource-dir)/include" \
  "$stage/c2cuda-static/resource/"
tar -C "$stage" -cJf "$out/c2cuda-static.tar.xz" c2cuda-static
ls -l "$out/c2cuda-static.tar.xz"
