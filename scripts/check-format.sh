#!/usr/bin/env bash
# Checks that the C++ sources (lib, tools, test/unit, fuzz) are formatted
# as .clang-format says, with the clang-format of LLVM 19 (setup.sh installs
# it). Prints each file that is not and how to fix it; exit 1 if any.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
fmt=$(command -v clang-format-19 || true)
if [ -z "$fmt" ]; then
  echo "check-format: clang-format-19 not found (scripts/setup.sh installs it)" >&2
  exit 1
fi
bad=()
while IFS= read -r f; do
  "$fmt" --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done < <(git ls-files 'lib/*.cpp' 'lib/*.h' 'tools/*.cpp' 'tools/*.h' \
           'test/unit/*.cpp' 'test/unit/*.h' 'fuzz/*.cpp' 'fuzz/*.h')
if [ ${#bad[@]} -gt 0 ]; then
  echo "check-format: not formatted as .clang-format says:" >&2
  printf '  %s\n' "${bad[@]}" >&2
  echo "fix with: clang-format-19 -i ${bad[*]}" >&2
  exit 1
fi
echo "check-format: $(git ls-files 'lib/*.cpp' 'lib/*.h' 'tools/*.cpp' 'tools/*.h' 'test/unit/*.cpp' 'test/unit/*.h' 'fuzz/*.cpp' 'fuzz/*.h' | wc -l) files formatted"
