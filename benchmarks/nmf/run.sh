#!/bin/bash
# examples/nmf.c's whole call against SGEMM calls plus one update kernel.
#   here:            build/tools/c2cuda/c2cuda -q examples/nmf.c -o OUT/nmf.cu
#   on the GPU:      bash benchmarks/nmf/run.sh OUT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh DIR-with-nmf.cu}
nvcc -arch=sm_90 -O3 "$here/driver.cu" "$out/nmf.cu" -lcublas -o "$out/nmf"
"$out/nmf" 2048 8192 128 513 100000 64
