#!/usr/bin/env bash
# Installs what c2cuda needs from Debian's packages (only what is missing),
# then configures and builds it in build/. Safe to run again: it only
# rebuilds what changed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
packages=(cmake ninja-build g++ python3 pkg-config clang-19 libclang-19-dev
          llvm-19-dev llvm-19-tools libisl-dev nlohmann-json3-dev
          libgtest-dev libgmp-dev python3-jsonschema libclang-rt-19-dev
          chromium-headless-shell valgrind clang-format-19 clang-tidy-19)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "c2cuda setup: installing ${missing[*]}"
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# nvcc is optional for building c2cuda itself; the tests that need it are
# reported unsupported without it.
export PATH="$PATH:/usr/local/cuda/bin"
cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build" -j "$(nproc)"
