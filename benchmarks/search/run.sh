#!/bin/bash
# Searches for where an extremum is: amax (isamax as written in C) and LU
# with partial pivoting, from c2cuda, against cuBLAS / cuSOLVER and the C
# at -O3 on one CPU core.
#   here:         build/tools/c2cuda/c2cuda -q benchmarks/search/amax.c -o OUT/amax.cu
#                 build/tools/c2cuda/c2cuda -q benchmarks/search/lup.c -o OUT/lup.cu
#   on the GPU:   bash benchmarks/search/run.sh OUT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh DIR-with-amax.cu-and-lup.cu}
sed 's/void amax(/void amax_ref(/' "$here/amax.c" > "$out/amax_ref.c"
sed 's/void lup(/void lup_ref(/' "$here/lup.c" > "$out/lup_ref.c"
gcc -O3 -march=native -c "$out/amax_ref.c" -o "$out/amax_ref.o"
gcc -O3 -march=native -c "$out/lup_ref.c" -o "$out/lup_ref.o"
nvcc -arch=sm_90 -O3 "$here/driver.cu" "$out/amax.cu" "$out/lup.cu" \
  "$out/amax_ref.o" "$out/lup_ref.o" -lcublas -lcusolver -o "$out/search"
compute-sanitizer --tool memcheck "$out/search" 100003 67 2>&1 | tail -4
"$out/search" $((1 << 20)) 1000
"$out/search" $((1 << 28)) 2000
