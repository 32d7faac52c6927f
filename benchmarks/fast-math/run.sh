#!/bin/bash
# examples/rbf_kernel.c as C rounds it against the same file under
# --fast-math (same process), each result's error against float64.
#   here:            build/tools/c2cuda/c2cuda -q examples/rbf_kernel.c -o OUT/rbf.cu
#                    build/tools/c2cuda/c2cuda -q --fast-math -Drbf_kernel=rbf_fast \
#                        examples/rbf_kernel.c -o OUT/rbf_fast.cu
#   on the GPU:      bash benchmarks/fast-math/run.sh OUT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh DIR-with-rbf.cu-and-rbf_fast.cu}
nvcc -arch=sm_90 -O3 -Werror all-warnings "$here/driver.cu" "$out/rbf.cu" \
  "$out/rbf_fast.cu" -o "$out/fast-math"
"$out/fast-math" 8192 8192 3 8192 8192 16 8192 8192 64 4096 4096 256
