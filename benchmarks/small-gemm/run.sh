#!/bin/bash
# Float products at small and odd sizes (variants.c: the default and smaller
# tiles) against cuBLAS SGEMM.
#   here:            build/tools/c2cuda/c2cuda -q benchmarks/small-gemm/variants.c -o OUT/variants.cu
#   on the GPU:      bash benchmarks/small-gemm/run.sh OUT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh DIR-with-variants.cu}
nvcc -arch=sm_90 -O3 "$here/driver.cu" "$out/variants.cu" -lcublas -o "$out/small-gemm"
"$out/small-gemm" 512 512 512 768 768 768 1000 1000 1000 1024 1024 1024 1536 1536 1536 2048 2048 2048 3000 3000 3000 4096 4096 4096 4097 4097 4097 1024 4096 1024 4096 1024 4096 \
  128 128 2048 128 128 8192 64 64 16384 256 256 8192 256 128 4096 512 512 2048
