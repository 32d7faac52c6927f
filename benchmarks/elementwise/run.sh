#!/bin/bash
# Element-wise loops (variants.c, default schedule) against a device copy of
# the same bytes, every result checked first.
#   here:            build/tools/c2cuda/c2cuda -q benchmarks/elementwise/variants.c -o OUT/variants.cu
#                    (add --no-default-tiling for the untiled mapping)
#   on the GPU:      bash benchmarks/elementwise/run.sh OUT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh DIR-with-variants.cu}
nvcc -arch=sm_90 -O3 "$here/driver.cu" "$out/variants.cu" -o "$out/elementwise"
"$out/elementwise"
