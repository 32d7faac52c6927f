#!/usr/bin/env bash
# Builds test/gpu/occupancy_check.cu with plain nvcc and runs it on the GPU:
# the occupancy model (lib/target/OccupancyCore.h) against
# cudaOccupancyMaxActiveBlocksPerMultiprocessor. Exit status is the
# program's: 0 agree, 1 disagreement or table mismatch, 2 no usable device.
#
#   test/gpu/run-occupancy-check.sh            # arch from nvidia-smi, else sm_90
#   ARCH=sm_80 test/gpu/run-occupancy-check.sh
#   OCC_BUILD_DIR=/tmp/occ test/gpu/run-occupancy-check.sh   # keep the binary
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

nvcc="${NVCC:-}"
if [[ -z "$nvcc" ]]; then
  for c in "${CUDA_HOME:+$CUDA_HOME/bin/nvcc}" /usr/local/cuda/bin/nvcc \
           "$(command -v nvcc || true)"; do
    if [[ -n "$c" && -x "$c" ]]; then nvcc="$c"; break; fi
  done
fi
[[ -n "$nvcc" ]] || { echo "nvcc not found (set NVCC or CUDA_HOME)" >&2; exit 2; }

arch="${ARCH:-}"
if [[ -z "$arch" ]] && command -v nvidia-smi >/dev/null 2>&1; then
  cc="$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null \
        | head -n1 | tr -d ' .' || true)"
  [[ "$cc" =~ ^[0-9]+$ ]] && arch="sm_$cc"
fi
arch="${arch:-sm_90}"

out="${OCC_BUILD_DIR:-$(mktemp -d)}"
mkdir -p "$out"
echo "nvcc: $nvcc ($("$nvcc" --version | tail -n1)); arch: $arch; build: $out"
"$nvcc" -std=c++17 -O2 -arch="$arch" -o "$out/occupancy_check" \
  "$here/occupancy_check.cu"
"$out/occupancy_check"
