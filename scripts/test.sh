#!/usr/bin/env bash
# Sets everything up, then runs the whole test suite: the format check, the
# unit tests and the lit tests (emitted code, diagnostics, nvcc compilation
# where nvcc exists, GPU checks where a GPU exists), the clang-tidy checks
# and the fuzzing smoke test.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
# The sources as .clang-format says (fails fast, before the long tests).
"$root/scripts/check-format.sh"
export PATH="$PATH:/usr/local/cuda/bin"
cd "$root/build"
ctest --output-on-failure -j "$(nproc)"
# The checks of .clang-tidy on lib/ and tools/ (about 9 minutes on 2 cores).
"$root/scripts/check-tidy.sh"
# The libFuzzer targets (fuzz/): a clang-19 build, the saved crash inputs
# replayed, then 20 s of fuzzing per target (docs/fuzzing.md).
"$root/scripts/fuzz-smoke.sh"
