#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/, docs/fuzzing.md) with clang-19 and
# ASan+UBSan in their own build directory, replays fuzz/regressions/, then
# fuzzes each target briefly from the seed corpus. Fails on any crash,
# sanitizer report, failed assertion, timeout or memory blow-up, after
# printing the reproducer's full output.
#
#   C2CUDA_FUZZ_BUILD    build directory (default: build-fuzz/)
#   C2CUDA_FUZZ_SECONDS  seconds of fuzzing per target (default: 20; 0: replay only)
#   C2CUDA_FUZZ_TIMEOUT  seconds one input may take (default: 30)
#   C2CUDA_FUZZ_REGRESSIONS  inputs to replay (default: fuzz/regressions/)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${C2CUDA_FUZZ_BUILD:-$root/build-fuzz}
secs=${C2CUDA_FUZZ_SECONDS:-20}
timeout=${C2CUDA_FUZZ_TIMEOUT:-30}
regression_dir=${C2CUDA_FUZZ_REGRESSIONS:-$root/fuzz/regressions}

start=$(date +%s)
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DC2CUDA_FUZZ=ON -DCMAKE_C_COMPILER=clang-19 \
  -DCMAKE_CXX_COMPILER=clang++-19 >/dev/null
# The log only on failure: clang warns where g++ does not.
if ! cmake --build "$build" --target c2cuda-fuzz -j "$(nproc)" \
     >"$build/fuzz-build.log" 2>&1; then
  grep -B5 -A20 -m5 'error:' "$build/fuzz-build.log" || tail -50 "$build/fuzz-build.log"
  echo "fuzz-smoke: the fuzz build failed (log: $build/fuzz-build.log)"
  exit 1
fi
echo "fuzz-smoke: built in $(($(date +%s) - start)) s"

rm -rf "$build/fuzz-seeds" "$build/fuzz-artifacts" "$build"/fuzz-{frontend,clauses}*.log
"$root/fuzz/make-corpus.sh" "$build/fuzz-seeds"
mkdir -p "$build/fuzz-artifacts"

# -close_fd_mask=2 drops Clang's diagnostics on stderr (libFuzzer keeps its
# own and the sanitizers' reports); a crash is run again with them.
opts=(-max_len=4096 "-timeout=$timeout" -rss_limit_mb=4096 -close_fd_mask=2)
passed=0
failed=0

# Runs the target on the crash artifacts of the last run, with stderr, and
# counts the target failed.
report() {
  local target=$1
  failed=$((failed + 1))
  for a in "$build/fuzz-artifacts/$target"-*; do
    [ -e "$a" ] || continue
    echo "fuzz-smoke: c2cuda-fuzz-$target fails on $a:"
    od -c "$a" | head -40
    "$build/fuzz/c2cuda-fuzz-$target" "-timeout=$timeout" -rss_limit_mb=4096 \
      "$a" 2>&1 | tail -60 || true
  done
}

for target in frontend clauses; do
  bin=$build/fuzz/c2cuda-fuzz-$target
  dict=$root/fuzz/$([ "$target" = clauses ] && echo clauses || echo c).dict
  prefix=$build/fuzz-artifacts/$target-
  mapfile -t regressions < <(find "$regression_dir/$target" -type f \
                               ! -name '*.md' 2>/dev/null | sort)
  t0=$(date +%s)
  if [ ${#regressions[@]} -gt 0 ] &&
     ! "$bin" "${opts[@]}" "-artifact_prefix=$prefix" "${regressions[@]}" \
       >"$build/fuzz-$target-replay.log" 2>&1; then
    tail -30 "$build/fuzz-$target-replay.log"
    echo "fuzz-smoke: c2cuda-fuzz-$target fails on a regression input"
    report "$target"
    continue
  fi
  if [ "$secs" -gt 0 ]; then
    mkdir -p "$build/fuzz-corpus/$target"
    if ! "$bin" "${opts[@]}" "-dict=$dict" "-max_total_time=$secs" \
         -print_final_stats=1 "-artifact_prefix=$prefix" \
         "$build/fuzz-corpus/$target" "$build/fuzz-seeds/$target" \
         >"$build/fuzz-$target.log" 2>&1; then
      tail -30 "$build/fuzz-$target.log"
      echo "fuzz-smoke: c2cuda-fuzz-$target found a crash (a new one: make it" \
           "a regression input, docs/fuzzing.md)"
      report "$target"
      continue
    fi
  fi
  stats=$(grep -E 'stat::number_of_executed_units|cov: ' \
            "$build/fuzz-$target.log" 2>/dev/null | tail -2 | tr '\n' ' ' || true)
  echo "fuzz-smoke: c2cuda-fuzz-$target: ${#regressions[@]} regression" \
       "inputs and ${secs} s of fuzzing passed in $(($(date +%s) - t0)) s; $stats"
  passed=$((passed + 1))
done
echo "fuzz-smoke: done in $(($(date +%s) - start)) s"
echo "fuzz-smoke: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
