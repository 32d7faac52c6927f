#!/bin/bash
# examples/matmul.c by default and with --allow-reassociation (SplitReductions:
# the reduction split across blocks where the tiles are few) against cuBLAS.
#   here:            sed 's/void matmul(/void mm_plain(/' examples/matmul.c > OUT/mmp.c
#                    sed 's/void matmul(/void mm_split(/' examples/matmul.c > OUT/mms.c
#                    build/tools/c2cuda/c2cuda -q OUT/mmp.c -o OUT/mmp.cu
#                    build/tools/c2cuda/c2cuda -q --allow-reassociation OUT/mms.c -o OUT/mms.cu
#   on the GPU:      bash benchmarks/split-k/run.sh OUT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh DIR-with-mmp.cu-and-mms.cu}
nvcc -arch=sm_90 -O3 "$here/driver.cu" "$out/mmp.cu" "$out/mms.cu" -lcublas -o "$out/split-k"
"$out/split-k" 1024 1024 1024 1000 1000 1000 128 128 2048 128 128 8192 256 256 8192 512 512 2048 \
  128 8192 2048 2048 2048 2048 4096 4096 4096
