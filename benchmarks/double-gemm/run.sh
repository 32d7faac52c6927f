#!/bin/bash
# Double matrix products under the default and a few explicit schedules
# (variants.c) against cuBLAS DGEMM.
#   here:            build/tools/c2cuda/c2cuda -q benchmarks/double-gemm/variants.c -o OUT/variants.cu
#   on the GPU:      bash benchmarks/double-gemm/run.sh OUT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh DIR-with-variants.cu}
nvcc -arch=sm_90 -O3 "$here/driver.cu" "$out/variants.cu" -lcublas -o "$out/dgemm"
"$out/dgemm" 4096
