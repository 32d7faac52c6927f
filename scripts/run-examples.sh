#!/usr/bin/env bash
# Sets everything up, then runs c2cuda on every example, writing the CUDA to
# out/examples/ and printing what each nest was mapped to.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
mkdir -p "$root/out/examples"
cd "$root"
for src in examples/*.c; do
  case "$src" in *_driver.c) continue ;; esac
  name=$(basename "$src" .c)
  build/tools/c2cuda/c2cuda "$src" -o "out/examples/$name.cu"
  echo "wrote out/examples/$name.cu"
done
