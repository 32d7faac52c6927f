#!/bin/bash
# Row-loop bodies (variants.c): c2cuda now against c2cuda before RowsPerWarp
# and a hand-written warp per row.
#   here:   build/tools/c2cuda/c2cuda -q benchmarks/rows/variants.c -o OUT/now.cu
#           (an older c2cuda) -q benchmarks/rows/variants.c -o OUT/before.cu
#   on the GPU:      bash benchmarks/rows/run.sh OUT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh DIR-with-now.cu-and-before.cu}
sed -E 's/\b(softmax|rownorm|rowrange|rowargmax)(_device|_kernel[0-9]*)?\b/before_\1\2/g' \
  "$out/before.cu" > "$out/before-renamed.cu"
nvcc -arch=sm_90 -O3 "$here/driver.cu" "$out/now.cu" "$out/before-renamed.cu" -o "$out/rows"
"$out/rows"
