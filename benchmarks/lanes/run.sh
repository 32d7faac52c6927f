#!/bin/bash
# Threads per row of a matrix-vector product (lanes(j: n), variants.c) and
# slices per column of its transpose (lanes(i: n)) against the default and
# cuBLAS SGEMV, in one process (benchmarks/matvec/driver.cu with forms.h).
#   here:            build/tools/c2cuda/c2cuda -q benchmarks/lanes/variants.c -o OUT/variants.cu
#   on the GPU:      bash benchmarks/lanes/run.sh OUT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh DIR-with-variants.cu}
nvcc -arch=sm_90 -O3 -include "$here/forms.h" "$here/../matvec/driver.cu" "$out/variants.cu" -lcublas -o "$out/mv"
"$out/mv" 16384 16384 4096 65536 65536 4096 65536 1024 1024 65536 1024 1024 65536 2048 32768 8192 16384 512 \
  1048576 128 262144 256 131072 512
