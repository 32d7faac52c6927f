#!/bin/bash
# Loops tiled by hand (kernels.c) against the same computations written
# plainly, through c2cuda now and through a build before JoinStripMinedLoops
# (8c1c3dc or older; its tiled forms are renamed *_old).
#   here:        C2CUDA_BEFORE=/path/to/old/c2cuda bash benchmarks/hand-tiled/run.sh --generate OUT
#   on the GPU:  bash benchmarks/hand-tiled/run.sh --run OUT [N [GS_N]]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
c2cuda=${C2CUDA:-$here/../../build/tools/c2cuda/c2cuda}
usage="usage: run.sh --generate|--run OUT [N [GS_N]]"
mode=${1:?$usage}
out=${2:?$usage}
case $mode in
--generate)
  mkdir -p "$out"
  "$c2cuda" -q "$here/kernels.c" -o "$out/now.cu"
  sed -e 's/_tiled(/_tiled_old(/' "$here/kernels.c" > "$out/old.c"
  # Only the tiled forms are needed from the build before.
  "${C2CUDA_BEFORE:?set C2CUDA_BEFORE to a c2cuda built before JoinStripMinedLoops}" \
    -q "$out/old.c" -o "$out/old_all.cu"
  cp "$here/driver.cu" "$here/../median-time.cuh" "$out/"
  sed -i 's|"../median-time.cuh"|"median-time.cuh"|' "$out/driver.cu" ;;
--run)
  cd "$out"
  # The plain forms of old_all.cu would collide with now.cu's: rename them.
  sed -e 's/\b\(mm\|tr\|mv\|gs\|blur\)_plain/\1_plain_before/g' old_all.cu > old.cu
  nvcc -arch=sm_90 -O3 -std=c++17 -o hand-tiled driver.cu now.cu old.cu
  ./hand-tiled "${3:-2048}" "${4:-2000}" ;;
*) echo "$usage" >&2; exit 2 ;;
esac
