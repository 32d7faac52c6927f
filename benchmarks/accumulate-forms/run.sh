#!/bin/bash
# benchmarks/accumulate-forms/variants.c (C += A B in three forms) by the
# previous c2cuda, this one, and this one with --allow-reassociation, against
# cuBLAS SGEMM (beta = 1).
#   here:   for v in old new perm; do sed "s/^void \([a-z0-9_]*\)(/void \1_$v(/" \
#             benchmarks/accumulate-forms/variants.c > OUT/$v.c; done
#           PREVIOUS/c2cuda -q OUT/old.c -o OUT/old.cu
#           build/tools/c2cuda/c2cuda -q OUT/new.c -o OUT/new.cu
#           build/tools/c2cuda/c2cuda -q --allow-reassociation OUT/perm.c -o OUT/perm.cu
#   on the GPU:   bash benchmarks/accumulate-forms/run.sh OUT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh DIR-with-old.cu-new.cu-perm.cu}
nvcc -arch=sm_90 -O3 "$here/driver.cu" "$out/old.cu" "$out/new.cu" "$out/perm.cu" -lcublas -o "$out/accumulate-forms"
"$out/accumulate-forms" 1024 1024 1024 4096 4096 4096 1000 1000 1000 128 128 8192 256 256 8192
