#!/bin/bash
# Red-black sweeps on the packed checkerboard layout (PackCheckerboards)
# against the same c2cuda with --no-checkerboard-layout, a hand kernel on a
# packed layout, and a device copy; every result compared first.
#   here:   bash benchmarks/checkerboard/run.sh OUT --generate
#   on the GPU:      bash benchmarks/checkerboard/run.sh OUT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh OUT [--generate]}
if [ "${2:-}" = --generate ]; then
  c2cuda=${C2CUDA:-$here/../../build/tools/c2cuda/c2cuda}
  mkdir -p "$out"
  "$c2cuda" -q "$here/../parity/variants.c" -o "$out/packed.cu"
  "$c2cuda" -q --no-checkerboard-layout "$here/../parity/variants.c" \
    -o "$out/caller.cu"
  cp "$here/driver.cu" "$here/../median-time.cuh" "$out/"
  sed -i 's|"../median-time.cuh"|"median-time.cuh"|' "$out/driver.cu"
  exit 0
fi
sed -E 's/\b(rb_guard|rb_stepped|every4|heavy|odd_rows|iterate)(_device|_kernel[0-9]*(_[0-9x]+)?)?\b/caller_\1\2/g' \
  "$out/caller.cu" > "$out/caller-renamed.cu"
nvcc -arch=sm_90 -O3 "$out/driver.cu" "$out/packed.cu" "$out/caller-renamed.cu" -o "$out/checkerboard"
"$out/checkerboard"
