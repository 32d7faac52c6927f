#!/bin/bash
# Arrays of structs (variants.c, default schedule) against a device copy of
# the same bytes, every result checked first.
#   here:            build/tools/c2cuda/c2cuda -q benchmarks/aos/variants.c -o OUT/variants.cu
#   on the GPU:      bash benchmarks/aos/run.sh OUT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh DIR-with-variants.cu}
nvcc -arch=sm_90 -O3 "$here/driver.cu" "$out/variants.cu" -o "$out/aos"
"$out/aos"
