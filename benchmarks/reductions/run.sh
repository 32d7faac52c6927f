#!/bin/bash
# Whole-array reductions (variants.c) against a device copy of the same
# bytes and cuBLAS, in one process.
#   here:            build/tools/c2cuda/c2cuda -q benchmarks/reductions/variants.c -o OUT/variants.cu
#   on the GPU:      bash benchmarks/reductions/run.sh OUT [log2 n]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh DIR-with-variants.cu [log2 n]}
nvcc -arch=sm_90 -O3 "$here/driver.cu" "$out/variants.cu" -lcublas -o "$out/red"
"$out/red" "${2:-28}"
