#!/usr/bin/env bash
# Runs the parallel-reduction examples on a GPU and prints one PASS/FAIL line
# per check (dot product: '+' with atomicAdd; largest element: 'max' through
# the compare-and-swap helper), each against a float64 reference with fresh
# random inputs.
#
#   test/gpu/reductions-check.sh [DIR]
#
# DIR holds dot.cu and amax.cu, emitted beforehand on a machine with c2cuda:
#   c2cuda test/gpu/reductions/dot.c -o DIR/dot.cu
#   c2cuda test/gpu/reductions/amax.c -o DIR/amax.cu
# When DIR lacks them and c2cuda is on PATH (or $C2CUDA names it), they are
# emitted here. Only nvcc and a GPU are needed otherwise. NVCC_FLAGS
# defaults to "-O2 -arch=native". Exit status 0 when every check passes.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
src="$here/reductions"
dir="${1:-$PWD}"
nvcc="${NVCC:-nvcc}"
flags="${NVCC_FLAGS:--O2 -arch=native}"
c2cuda="${C2CUDA:-c2cuda}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

status=0
for name in dot amax; do
  cu="$dir/$name.cu"
  if [ ! -f "$cu" ]; then
    if command -v "$c2cuda" >/dev/null 2>&1; then
      cu="$work/$name.cu"
      if ! "$c2cuda" -q "$src/$name.c" -o "$cu"; then
        echo "FAIL $name: c2cuda failed"; status=1; continue
      fi
    else
      echo "FAIL $name: no $dir/$name.cu and no c2cuda to emit it"; status=1
      continue
    fi
  fi
  # shellcheck disable=SC2086
  if ! "$nvcc" $flags -o "$work/$name" "$cu" "$src/${name}_driver.c"; then
    echo "FAIL $name: nvcc failed"; status=1; continue
  fi
  if ! "$work/$name"; then
    status=1
  fi
done
if [ "$status" -eq 0 ]; then echo "ALL PASS"; else echo "SOME FAILED"; fi
exit "$status"
