#!/bin/bash
# BiCG as written (one loop nest, two reductions) against hand-written CUDA
# and cuBLAS.
#   here:            build/tools/c2cuda/c2cuda -q test/lit/corpus/Inputs/blas2.c -o OUT/blas2.cu
#   on the GPU:      bash benchmarks/bicg/run.sh OUT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh DIR-with-blas2.cu}
nvcc -arch=sm_90 -O3 "$here/driver.cu" "$out/blas2.cu" -lcublas -o "$out/bicg"
"$out/bicg" 8192 8192 16384 16384 4096 65536 65536 4096
