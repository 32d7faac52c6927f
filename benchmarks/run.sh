#!/usr/bin/env bash
# Builds and runs the c2cuda benchmark (benchmarks/bench.cu) on a GPU machine.
#
#   bash benchmarks/run.sh [CU_DIR] [--build-only] [-o RESULTS.md] [bench options]
#
# CU_DIR (default benchmarks/generated) holds matmul.cu, conv2d.cu, jacobi2d.cu
# and transpose.cu as emitted by c2cuda. On a machine with c2cuda (the GPU
# machine has no Clang, so it usually has none), produce them with
#
#   for x in matmul conv2d jacobi2d transpose; do
#     build/tools/c2cuda/c2cuda -q --schedule benchmarks/schedules/$x.json \
#       examples/$x.c -o CU_DIR/$x.cu
#   done
#
# which this script does itself whenever build/tools/c2cuda/c2cuda (or $C2CUDA)
# exists. Bench options: -o FILE writes the table as Markdown, -r RUNS (>= 20,
# default 30), -w WARMUP (default 3), --quick (small sizes, smoke test only).
# Environment: NVCC (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc),
# BENCH_BUILD (default build/bench), C2CUDA, SCHED_DIR (default
# benchmarks/schedules; point it at an empty directory for the default mapping).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CU_DIR=$ROOT/benchmarks/generated
if [[ $# -gt 0 && $1 != -* ]]; then
  CU_DIR=$1
  shift
fi
BUILD_ONLY=0
ARGS=()
for a in "$@"; do
  if [[ $a == --build-only ]]; then BUILD_ONLY=1; else ARGS+=("$a"); fi
done

EXAMPLES=(matmul conv2d jacobi2d transpose)
# The hand-written schedules the results are measured with (c2cuda
# --schedule); an example without one gets c2cuda's default mapping.
SCHED_DIR=${SCHED_DIR:-$ROOT/benchmarks/schedules}
C2CUDA=${C2CUDA:-$ROOT/build/tools/c2cuda/c2cuda}
mkdir -p "$CU_DIR"
if [[ -x $C2CUDA ]]; then
  echo "run.sh: regenerating $CU_DIR with $C2CUDA"
  for x in "${EXAMPLES[@]}"; do
    SCHED=()
    [[ -f $SCHED_DIR/$x.json ]] && SCHED=(--schedule "$SCHED_DIR/$x.json")
    "$C2CUDA" -q "${SCHED[@]}" "$ROOT/examples/$x.c" -o "$CU_DIR/$x.cu"
  done
else
  echo "run.sh: no c2cuda at $C2CUDA; using the .cu files in $CU_DIR as they are"
fi
CU_FILES=()
for x in "${EXAMPLES[@]}"; do
  f=$CU_DIR/$x.cu
  if [[ ! -f $f ]]; then
    echo "run.sh: missing $f (generate it with: c2cuda -q examples/$x.c -o $f)" >&2
    exit 2
  fi
  CU_FILES+=("$f")
done
echo "run.sh: generated code measured:"
(cd "$CU_DIR" && sha256sum "${EXAMPLES[@]/%/.cu}" | sed 's/^/  /')
if git -C "$ROOT" rev-parse --short HEAD >/dev/null 2>&1; then
  echo "run.sh: repository at $(git -C "$ROOT" rev-parse --short HEAD)$(git -C "$ROOT" diff --quiet 2>/dev/null || echo ' (with local changes)')"
fi

if [[ -z ${NVCC:-} ]]; then
  NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
fi
BUILD=${BENCH_BUILD:-$ROOT/build/bench}
mkdir -p "$BUILD"
echo "run.sh: building $BUILD/bench with $NVCC ($("$NVCC" --version | tail -1))"
if ! "$NVCC" -O3 -arch=sm_90 -std=c++17 -Xptxas -v -o "$BUILD/bench" \
    "$ROOT/benchmarks/bench.cu" "${CU_FILES[@]}" -lcublas >"$BUILD/nvcc.log" 2>&1; then
  cat "$BUILD/nvcc.log" >&2
  echo "run.sh: build failed" >&2
  exit 2
fi
# Resource report of the generated kernels (registers, spills, shared memory).
echo "run.sh: ptxas report for the c2cuda kernels (full log in $BUILD/nvcc.log):"
awk '/Compiling entry function/ { k = $0; sub(/.*function ./, "", k); sub(/. for .*/, "", k); f = "" }
     /bytes stack frame/ { f = $0; sub(/^ */, "", f) }
     /Used [0-9]+ registers/ && k !~ /fill_kernel/ && k != "" { sub(/^ptxas info *: */, ""); printf "  %-36s %s; %s\n", k, $0, f; k = "" }' \
  "$BUILD/nvcc.log" || true
[[ $BUILD_ONLY == 1 ]] && exit 0

command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv || true
exec "$BUILD/bench" "${ARGS[@]}"
