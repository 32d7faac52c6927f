#!/usr/bin/env bash
# Runs clang-tidy (LLVM 19; setup.sh installs it) with the checks of
# .clang-tidy on every C++ source of lib/ and tools/, with the compile
# commands of build/ (setup.sh writes them). Prints each finding; exit 1 if
# any. Usage: scripts/check-tidy.sh [FILE.cpp ...] (default: all of them).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
tidy=$(command -v clang-tidy-19 || true)
if [ -z "$tidy" ]; then
  echo "check-tidy: clang-tidy-19 not found (scripts/setup.sh installs it)" >&2
  exit 1
fi
if [ ! -f build/compile_commands.json ]; then
  echo "check-tidy: no build/compile_commands.json (run scripts/setup.sh)" >&2
  exit 1
fi
if [ $# -gt 0 ]; then
  files=("$@")
else
  mapfile -t files < <(git ls-files 'lib/*.cpp' 'tools/*.cpp')
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# One clang-tidy per file, as many at once as there are cores; its notes
# ("N warnings generated", suppressed counts) go to stderr and are dropped.
status=0
printf '%s\n' "${files[@]}" |
  xargs -P "$(nproc)" -I{} "$tidy" -p build --quiet {} >"$log" 2>/dev/null ||
  status=$?
if [ -s "$log" ] || [ "$status" -ne 0 ]; then
  cat "$log" >&2
  n=$(grep -c 'error:\|warning:' "$log" || true)
  echo "check-tidy: $n findings in ${#files[@]} files (checks: .clang-tidy)" >&2
  exit 1
fi
echo "check-tidy: ${#files[@]} files, no findings"
