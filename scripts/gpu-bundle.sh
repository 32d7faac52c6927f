#!/usr/bin/env bash
# gpu-bundle.sh DIR - prepares, on a machine with c2cuda, everything the GPU
# checks need on a GPU machine that has nvcc but no Clang: the CUDA of every
# example (for scripts/gpu-check.sh), of the four benchmarks (for
# benchmarks/run.sh) and of the GPU lit tests' inputs, plus DIR/run.sh, which
# builds and runs them there:
#
#   scripts/gpu-bundle.sh .carry/gpu            # here
#   bash .carry/gpu/run.sh [--no-bench]         # on the GPU machine, repo root
#
# run.sh prints one line per check and ends with `N passed, M failed`.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: gpu-bundle.sh DIR}
c2cuda=${C2CUDA:-$root/build/tools/c2cuda/c2cuda}
mkdir -p "$out/examples" "$out/bench" "$out/lit"
for src in "$root"/examples/*.c; do
  case $src in *_driver.c) continue ;; esac
  n=$(basename "$src" .c)
  "$c2cuda" -q "$src" -o "$out/examples/$n.cu"
done
for x in matmul conv2d jacobi2d transpose; do
  sched=()
  [[ -f $root/benchmarks/schedules/$x.json ]] &&
    sched=(--schedule "$root/benchmarks/schedules/$x.json")
  "$c2cuda" -q "${sched[@]}" "$root/examples/$x.c" -o "$out/bench/$x.cu"
done
lit=$root/test/lit
"$c2cuda" -q "$lit/codegen/Inputs/wrong-results.c" -o "$out/lit/wrong-results.cu"
"$c2cuda" -q "$lit/wholefile/Inputs/app.c" -o "$out/lit/app.cu"
"$c2cuda" -q --functions-only "$lit/reductions/histogram.c" -o "$out/lit/histogram.cu"
cat >"$out/run.sh" <<'RUN'
#!/usr/bin/env bash
# Runs the GPU checks prepared by scripts/gpu-bundle.sh (see there).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
[[ -f $root/scripts/gpu-bundle.sh ]] || root=$(git -C "$here" rev-parse --show-toplevel)
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
work=${WORK:-/tmp/gpu-bundle}
mkdir -p "$work"
pass=0 fail=0
check() { # name, command...
  local name=$1; shift
  if "$@" >"$work/$name.log" 2>&1; then
    echo "PASS $name"; pass=$((pass + 1))
  else
    echo "FAIL $name (log: $work/$name.log)"; tail -5 "$work/$name.log"; fail=$((fail + 1))
  fi
}
lit=$root/test/lit
nv="$nvcc -arch=sm_90 -std=c++17 -O2"
check wrong-results bash -c "$nv -DC2C_REF -c $lit/codegen/Inputs/wrong-results.c -o $work/wr.ref.o &&
  $nv $here/lit/wrong-results.cu $work/wr.ref.o $lit/codegen/Inputs/wrong-results-driver.c -o $work/wr.bin &&
  $work/wr.bin | tee $work/wr.out | tail -1 | grep -q ' 0 failed' && ! grep -q FAIL $work/wr.out"
# The same with every array of 64 bytes or more copied through pinned
# staging buffers in 64-byte chunks (large arrays only by default).
staged="-DC2CUDA_STAGE_CHUNK=64 -DC2CUDA_STAGE_MIN=0"
check wrong-results-staged bash -c "$nv $staged $here/lit/wrong-results.cu $work/wr.ref.o $lit/codegen/Inputs/wrong-results-driver.c -o $work/wr.staged.bin &&
  $work/wr.staged.bin | tee $work/wr.staged.out | tail -1 | grep -q ' 0 failed' && ! grep -q FAIL $work/wr.staged.out"
check whole-file-staged bash -c "$nv $staged --fmad=false $here/lit/app.cu -o $work/app.staged.bin &&
  cc -O2 $lit/wholefile/Inputs/app.c -o $work/app.c.bin &&
  diff <($work/app.c.bin) <($work/app.staged.bin)"
check whole-file bash -c "$nv --fmad=false $here/lit/app.cu -o $work/app.bin &&
  cc -O2 $lit/wholefile/Inputs/app.c -o $work/app.c.bin &&
  diff <($work/app.c.bin) <($work/app.bin)"
check histogram bash -c "$nv $here/lit/histogram.cu $lit/reductions/Inputs/histogram-driver.c -o $work/hist.bin &&
  $work/hist.bin | tee $work/hist.out && ! grep -q FAIL $work/hist.out"
check examples bash -c "OUT=$work/gpu-check C2CUDA=/nonexistent $root/scripts/gpu-check.sh --no-regen $here/examples"
if [[ ${1:-} != --no-bench ]]; then
  check benchmarks bash -c "C2CUDA=/nonexistent BENCH_BUILD=$work/bench bash $root/benchmarks/run.sh $here/bench -o $work/RESULTS.md && cat $work/RESULTS.md"
fi
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
RUN
chmod +x "$out/run.sh"
echo "gpu-bundle: wrote $out (run: bash $out/run.sh)"
