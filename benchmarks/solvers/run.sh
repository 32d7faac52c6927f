#!/bin/bash
# BLAS and solver kernels as written in C: amax (isamax), LU with partial
# pivoting and conjugate gradients, from c2cuda, against cuBLAS / cuSOLVER
# and the C at -O3 on one CPU core.
#   here:         build/tools/c2cuda/c2cuda -q benchmarks/solvers/amax.c -o OUT/amax.cu
#                 build/tools/c2cuda/c2cuda -q benchmarks/solvers/lup.c -o OUT/lup.cu
#                 build/tools/c2cuda/c2cuda -q --allow-reassociation benchmarks/solvers/cg.c -o OUT/cg.cu
#   on the GPU:   bash benchmarks/solvers/run.sh OUT [amax-n lu-n cg-n cg-iterations]
# With arguments, one run at those sizes (0 leaves a kernel out); without,
# a compute-sanitizer run at small sizes and the benchmark sizes.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh DIR-with-amax.cu-lup.cu-cg.cu [sizes]}
shift
for k in amax lup cg; do
  sed "s/void $k(/void ${k}_ref(/" "$here/$k.c" > "$out/${k}_ref.c"
  gcc -O3 -march=native -c "$out/${k}_ref.c" -o "$out/${k}_ref.o"
done
nvcc -arch=sm_90 -O3 "$here/driver.cu" "$out/amax.cu" "$out/lup.cu" \
  "$out/cg.cu" "$out/amax_ref.o" "$out/lup_ref.o" "$out/cg_ref.o" \
  -lcublas -lcusolver -o "$out/solvers"
if [ $# -gt 0 ]; then
  "$out/solvers" "$@"
  exit
fi
compute-sanitizer --tool memcheck "$out/solvers" 100003 67 61 3 2>&1 | tail -5
"$out/solvers" $((1 << 20)) 1000 1024 50
"$out/solvers" $((1 << 28)) 2000 4096 50
