#!/usr/bin/env bash
# gpu-check-schedules.sh - runs the random tiled schedules of the CPU
# property test on a GPU: every schedule's CUDA is built with its example's
# driver and checked against the float64 reference (scripts/gpu-check.sh,
# one run at the default sizes and one at small odd sizes per schedule).
#
# On the machine with c2cuda (no GPU needed):
#   scripts/gpu-check-schedules.sh --generate DIR
# runs the property test with C2CUDA_DUMP_SCHEDULES=DIR/json (the first
# schedules it checked per example, as --schedule files) and emits
# DIR/<example>.<n>/<example>.cu for each with c2cuda.
# On the GPU machine (no Clang; carry DIR, examples/ and scripts/):
#   scripts/gpu-check-schedules.sh DIR
# builds and checks every DIR/<example>.<n>/ in parallel (JOBS, default the
# number of CPUs) and prints a table: example | schedule | sizes | relL2 |
# result, then `N passed, N failed`. Exit status 1 when anything failed.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

if [ "${1:-}" = --generate ]; then
  dir=${2:?usage: gpu-check-schedules.sh --generate DIR}
  build=${BUILD:-$root/build}
  rm -rf "$dir" && mkdir -p "$dir/json"
  C2CUDA_DUMP_SCHEDULES="$dir/json" "$build/test/c2cuda-unittests" \
    --gtest_filter='All/Examples.LoweringMatchesCOnRandomTiledSchedules/*' \
    >"$dir/property.log" 2>&1 || { tail -20 "$dir/property.log"; exit 1; }
  for j in "$dir"/json/*.json; do
    b=$(basename "$j" .json) # <example>.<n>
    ex=${b%.*}
    mkdir -p "$dir/$b"
    cp "$j" "$dir/$b/schedule.json"
    "$build/tools/c2cuda/c2cuda" -q --schedule "$j" "$root/examples/$ex.c" \
      -o "$dir/$b/$ex.cu" || exit 1
  done
  echo "generated $(ls -d "$dir"/*.*/ | wc -l) scheduled examples in $dir"
  exit 0
fi

dir=${1:?usage: gpu-check-schedules.sh DIR}
dir=$(cd "$dir" && pwd)
export dir root
check_one() {
  local d=$1 b ex
  b=$(basename "$d")
  ex=${b%.*}
  OUT="$d/work" bash "$root/scripts/gpu-check.sh" --no-regen --runs 1 \
    --only "$ex" "$d" >"$d/check.log" 2>&1
  echo "$b rc=$?"
}
export -f check_one
ls -d "$dir"/*.*/ | sed 's:/$::' |
  xargs -P "${JOBS:-$(nproc)}" -I{} bash -c 'check_one {}' >/dev/null
passed=0
failed=0
printf '%-22s | %-60s | %-28s | %-9s | %s\n' example schedule sizes relL2 result
for d in "$dir"/*.*/; do
  b=$(basename "$d")
  sched=$(python3 - "$d/schedule.json" <<'PY' 2>/dev/null | cut -c1-60
import json, sys
d = json.load(open(sys.argv[1]))
parts = []
for f, l in d.items():
    for e in l:
        n = e.pop("nest")
        parts.append(f + "[" + str(n) + "] " + json.dumps(e, separators=(",", ":")))
print("; ".join(parts))
PY
)
  rows=$(awk -F'|' '/^[a-z_0-9]+ *\| .* \| (PASS|FAIL|ERROR|TIMEOUT)/ {print}' "$d/check.log")
  if [ -z "$rows" ]; then
    printf '%-22s | %-60s | %-28s | %-9s | %s\n' "$b" "$sched" - - "ERROR (no table; see $d/check.log)"
    failed=$((failed + 1))
    continue
  fi
  while IFS='|' read -r _ sizes err res; do
    res=$(echo $res)
    printf '%-22s | %-60s | %-28s | %-9s | %s\n' "$b" "$sched" "$(echo $sizes)" "$(echo $err)" "$res"
    if [ "$res" = PASS ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
  done <<<"$rows"
done
echo "$passed passed, $failed failed"
# The full schedule and the failing check's log of every failure.
for d in "$dir"/*.*/; do
  if ! grep -qE '^[0-9]+ passed, 0 failed' "$d/check.log"; then
    echo "== $(basename "$d") failed; schedule:"
    cat "$d/schedule.json"
    grep -iE 'CHECK|error|fail' "$d/check.log" | head -20
  fi
done
[ $failed -eq 0 ]
