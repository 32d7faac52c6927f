#!/bin/bash
# Everyday kernels (forms.c) against simple hand-written CUDA.
#   here:            build/tools/c2cuda/c2cuda -q benchmarks/forms/forms.c -o OUT/forms.cu
#   on the GPU:      bash benchmarks/forms/run.sh OUT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh DIR-with-forms.cu}
nvcc -arch=sm_90 -O3 "$here/driver.cu" "$out/forms.cu" -o "$out/forms"
"$out/forms"
