#!/bin/bash
# Drop-in entries with staged transfers against plain cudaMemcpy copies
# (issue 14, item 4), same process, results compared bit for bit.
#   here:       bash benchmarks/transfers/run.sh OUT --generate
#   on the GPU: bash benchmarks/transfers/run.sh OUT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh DIR [--generate]}
if [ "${2:-}" = --generate ]; then
  c2cuda=${C2CUDA:-$here/../../build/tools/c2cuda/c2cuda}
  mkdir -p "$out"
  for k in saxpy conv2d; do
    "$c2cuda" -q "$here/../../examples/$k.c" -o "$out/$k.cu"
    "$c2cuda" -q --no-staged-transfers "$here/../../examples/$k.c" -o "$out/${k}_plain.cu"
  done
  exit 0
fi
cd "$out"
nvcc -arch=sm_90 -O3 -c saxpy.cu -o saxpy.o
nvcc -arch=sm_90 -O3 -c conv2d.cu -o conv2d.o
# The plain copies' entry points and kernels renamed *_plain.
sed 's/saxpy/saxpy_plain/g' saxpy_plain.cu > saxpy_plain_renamed.cu
sed 's/conv2d_\([35]x[35]\)/conv2d_\1_plain/g' conv2d_plain.cu > conv2d_plain_renamed.cu
nvcc -arch=sm_90 -O3 -c saxpy_plain_renamed.cu -o saxpy_plain.o
nvcc -arch=sm_90 -O3 -c conv2d_plain_renamed.cu -o conv2d_plain.o
nvcc -arch=sm_90 -O3 "$here/driver.cu" saxpy.o conv2d.o saxpy_plain.o conv2d_plain.o -o transfers
./transfers "${REPS:-5}"
