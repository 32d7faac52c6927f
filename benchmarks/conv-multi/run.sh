#!/bin/bash
# Reduction nests over 3-4 parallel loops (variants.c), default schedule
# against --no-default-tiling, cuBLAS SGEMM of the implicit-GEMM shape and
# cuDNN (PyTorch, TF32 off).
#   here:   build/tools/c2cuda/c2cuda -q benchmarks/conv-multi/variants.c -o OUT/variants.cu
#           build/tools/c2cuda/c2cuda -q --no-default-tiling benchmarks/conv-multi/variants.c -o OUT/untiled.cu
#   on the GPU:      bash benchmarks/conv-multi/run.sh OUT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh DIR-with-variants.cu-and-untiled.cu}
sed -E 's/\b(conv_multi|conv_layer|contraction)(_device|_kernel[0-9]*)?\b/untiled_\1\2/g' \
  "$out/untiled.cu" > "$out/untiled-renamed.cu"
nvcc -arch=sm_90 -O3 "$here/driver.cu" "$out/variants.cu" "$out/untiled-renamed.cu" -lcublas -o "$out/conv-multi"
"$out/conv-multi"
python3 "$here/cudnn.py"
