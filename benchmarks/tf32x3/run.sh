#!/bin/bash
# examples/matmul.c on FP32 fused multiply-adds (default) and as 3xTF32 on the
# tensor cores (--allow-tf32x3) against cuBLAS SGEMM, errors against DGEMM.
#   here:            sed 's/void matmul(/void mm_fp32(/' examples/matmul.c > OUT/mmf.c
#                    sed 's/void matmul(/void mm_tf32x3(/' examples/matmul.c > OUT/mmt.c
#                    build/tools/c2cuda/c2cuda -q OUT/mmf.c -o OUT/mmf.cu
#                    build/tools/c2cuda/c2cuda -q --allow-tf32x3 OUT/mmt.c -o OUT/mmt.cu
#   on the GPU:      bash benchmarks/tf32x3/run.sh OUT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh DIR-with-mmf.cu-and-mmt.cu}
nvcc -arch=sm_90 -O3 "$here/driver.cu" "$out/mmf.cu" "$out/mmt.cu" -lcublas -o "$out/tf32x3"
"$out/tf32x3" -1 1 1024 1024 1024 1000 1000 1000 2048 2048 2048 4096 4096 4096 4097 4097 4097 \
  128 8192 2048 8192 128 2048 256 256 8192
"$out/tf32x3" 0 1 1024 1024 1024 4096 4096 4096
