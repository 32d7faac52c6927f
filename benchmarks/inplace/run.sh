#!/bin/bash
# In-place element-wise loops (variants.c) against one element per thread
# written by hand and a device copy, every result checked first.
#   here:   build/tools/c2cuda/c2cuda -q benchmarks/inplace/variants.c -o OUT/variants.cu
#           (optionally OUT/before.cu from an older c2cuda, for a before/after table)
#   on the GPU:      bash benchmarks/inplace/run.sh OUT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh DIR-with-variants.cu}
files=("$here/driver.cu" "$out/variants.cu")
flags=()
if [[ -f $out/before.cu ]]; then
  sed -E 's/\b(reverse|saxpy_inplace|update2d|update1d|scale2d)(_device|_kernel[0-9]*(_[0-9x]+)?)?\b/before_\1\2/g' \
    "$out/before.cu" > "$out/before-renamed.cu"
  files+=("$out/before-renamed.cu")
  flags+=(-DBEFORE)
fi
nvcc -arch=sm_90 -O3 "${flags[@]}" "${files[@]}" -o "$out/inplace"
"$out/inplace"
