#!/bin/bash
# examples/nmf.c's whole call against SGEMM calls plus one update kernel.
#   here:            build/tools/c2cuda/c2cuda -q examples/nmf.c -o OUT/nmf.cu
#                    (optional, to time the build without fusion beside it:)
#                    sed s/nmf_supervised/nmf_unfused/g examples/nmf.c > OUT/nmf_unfused.c
#                    build/tools/c2cuda/c2cuda -q --no-fusion OUT/nmf_unfused.c -o OUT/nmf_unfused.cu
#                    (or a tuned build: c2cuda tune ... -o t.cu; sed s/nmf_supervised/nmf_unfused/g t.cu
#                    > OUT/nmf_unfused.cu; and SECOND_LABEL=tuned)
#   on the GPU:      bash benchmarks/nmf/run.sh OUT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh DIR-with-nmf.cu}
if [ -f "$out/nmf_unfused.cu" ]; then
  nvcc -arch=sm_90 -O3 -DC2CUDA_UNFUSED \
    -DC2CUDA_SECOND_LABEL="\"${SECOND_LABEL:---no-fusion}\"" "$here/driver.cu" "$out/nmf.cu" "$out/nmf_unfused.cu" -lcublas -o "$out/nmf"
else
  nvcc -arch=sm_90 -O3 "$here/driver.cu" "$out/nmf.cu" -lcublas -o "$out/nmf"
fi
"$out/nmf" 2048 8192 128 513 100000 64
