#!/bin/bash
# Double matrix products under the default and a few explicit schedules
# (variants.c), on the FP64 tensor cores and with FP64 FMA, against cuBLAS
# DGEMM.
#   here:         bash benchmarks/double-gemm/run.sh --generate OUT
#   on the GPU:   bash benchmarks/double-gemm/run.sh OUT [n ...]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
if [ "${1:-}" = --generate ]; then
  out=${2:?usage: run.sh --generate OUT}
  c2cuda=${C2CUDA:-$here/../../build/tools/c2cuda/c2cuda}
  mkdir -p "$out"
  "$c2cuda" -q "$here/variants.c" -o "$out/variants.cu"
  sed 's/^void d_/void f_/' "$here/variants.c" > "$out/variants_fma.c"
  "$c2cuda" -q --no-tensor-cores "$out/variants_fma.c" -o "$out/variants_fma.cu"
  exit 0
fi
out=${1:?usage: run.sh OUT [n ...]}
shift
nvcc -arch=sm_90 -O3 "$here/driver.cu" "$out/variants.cu" "$out/variants_fma.cu" -lcublas -o "$out/dgemm"
for n in "${@:-4096}"; do "$out/dgemm" "$n"; done
