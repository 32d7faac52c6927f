#!/bin/bash
# Loops a `break` leaves: c2cuda now against the build before early exits
# and hand-written CUDA.
#   here:        C2CUDA_BEFORE=/path/to/old/c2cuda bash benchmarks/early-exit/run.sh --generate OUT
#   on the GPU:  bash benchmarks/early-exit/run.sh --run OUT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
c2cuda=${C2CUDA:-$here/../../build/tools/c2cuda/c2cuda}
usage="usage: run.sh --generate|--run OUT"
mode=${1:?$usage}
out=${2:?$usage}
case $mode in
--generate)
  mkdir -p "$out"
  "$c2cuda" -q --functions-only "$here/kernels.c" -o "$out/now.cu"
  # The build before refuses a break out of a loop counting with a local
  # (`mandel`, `first_above`): only `mandel_found`.
  sed -n '/^\/\* The same, the count kept by hand/,/^}/p' "$here/kernels.c" |
    sed -e 's/void mandel_found(/void mandel_found_before(/' > "$out/before.c"
  "${C2CUDA_BEFORE:?set C2CUDA_BEFORE to a c2cuda built before early exits}" \
    -q --functions-only "$out/before.c" -o "$out/before.cu"
  cp "$here/driver.cu" "$here/../median-time.cuh" "$out/" ;;
--run)
  cd "$out"
  nvcc -arch=sm_90 -O3 -std=c++17 -o early-exit driver.cu now.cu before.cu
  ./early-exit ;;
*) echo "$usage" >&2; exit 2 ;;
esac
