#!/bin/bash
# Loops on one residue of an iterator (variants.c) against the same file
# from an earlier c2cuda and a hand kernel, every result compared first.
#   here:   build/tools/c2cuda/c2cuda -q benchmarks/parity/variants.c -o OUT/variants.cu
#           OLD-c2cuda -q benchmarks/parity/variants.c -o OUT/before.cu
#   on the GPU:      bash benchmarks/parity/run.sh OUT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh DIR-with-variants.cu-and-before.cu}
sed -E 's/\b(rb_guard|rb_stepped|every4|heavy|odd_rows|iterate)(_device|_kernel[0-9]*(_[0-9x]+)?)?\b/before_\1\2/g' \
  "$out/before.cu" > "$out/before-renamed.cu"
nvcc -arch=sm_90 -O3 "$here/driver.cu" "$out/variants.cu" "$out/before-renamed.cu" -o "$out/parity"
"$out/parity"
