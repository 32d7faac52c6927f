#!/bin/bash
# Matrix-vector products as users write them (variants.c) against cuBLAS
# SGEMV, in one process.
#   here:            build/tools/c2cuda/c2cuda -q benchmarks/matvec/variants.c -o OUT/variants.cu
#   on the GPU:      bash benchmarks/matvec/run.sh OUT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh DIR-with-variants.cu}
nvcc -arch=sm_90 -O3 "$here/driver.cu" "$out/variants.cu" -lcublas -o "$out/mv"
"$out/mv"
