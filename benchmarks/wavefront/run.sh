#!/bin/bash
# In-place 9-point Gauss-Seidel as a user writes it (seidel.c), skewed by
# c2cuda into a wavefront, against the same C at -O3 on one CPU core.
#   here:            build/tools/c2cuda/c2cuda -q benchmarks/wavefront/seidel.c -o OUT/seidel.cu
#   on the GPU:      bash benchmarks/wavefront/run.sh OUT
# A second argument names another form of it (seidel-linearized.c), whose
# .cu is then OUT/seidel.cu. With OUT/interval.cu (from interval.c) there,
# the interval dynamic program is timed too.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh DIR-with-seidel.cu [FORM.c]}
src=${2:-$here/seidel.c}
sed 's/void gs(/void gs_ref(/' "$src" > "$out/seidel_ref.c"
gcc -O3 -march=native -c "$out/seidel_ref.c" -o "$out/seidel_ref.o"
nvcc -arch=sm_90 -O3 "$here/driver.cu" "$out/seidel.cu" "$out/seidel_ref.o" -o "$out/seidel"
compute-sanitizer --tool memcheck "$out/seidel" 61 5 2>&1 | tail -3
"$out/seidel" 500 20
"$out/seidel" 4000 100
if [ -f "$out/interval.cu" ]; then
  sed 's/void interval(/void interval_ref(/' "$here/interval.c" > "$out/interval_ref.c"
  gcc -O3 -march=native -c "$out/interval_ref.c" -o "$out/interval_ref.o"
  nvcc -arch=sm_90 -O3 "$here/interval_driver.cu" "$out/interval.cu" "$out/interval_ref.o" -o "$out/interval"
  compute-sanitizer --tool memcheck "$out/interval" 67 2>&1 | tail -2
  "$out/interval" 2000
  "$out/interval" 4000
fi
