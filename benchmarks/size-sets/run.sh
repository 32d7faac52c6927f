#!/bin/bash
# A kernel tuned at three sizes in one `c2cuda tune` run: the .cu that picks
# a tuned lowering per call by size, against each size's own winner written
# alone, the default schedule and a peer (issue 15). WORKLOAD is matmul
# (examples/matmul.c at 1024^3, 4096^3, 8192^3, against cuBLAS SGEMM) or
# conv2d (examples/conv2d.c's conv2d_3x3 at 512^2, 2048^2, 8192^2, against
# a copy of the image).
#   here:        bash benchmarks/size-sets/run.sh WORKLOAD --bundle OUT [BUDGET]
#   on the GPU:  bash benchmarks/size-sets/run.sh WORKLOAD --tune OUT   (c2cuda-tune on PATH)
#   here:        bash benchmarks/size-sets/run.sh WORKLOAD --generate OUT
#   on the GPU:  bash benchmarks/size-sets/run.sh WORKLOAD --run OUT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
c2cuda=${C2CUDA:-$here/../../build/tools/c2cuda/c2cuda}
usage="usage: run.sh matmul|conv2d --bundle|--tune|--generate|--run OUT"
workload=${1:?$usage}
mode=${2:?$usage}
out=${3:?$usage}/$workload
case $workload in
matmul)
  src=$here/../../examples/matmul.c kernel=matmul prefix=matmul libs=-lcublas
  labels="M1024_N1024_K1024 M4096_N4096_K4096 M8192_N8192_K8192"
  sizes="1024 2048 3000 4096 6000 8192" ;;
conv2d)
  src=$here/../../examples/conv2d.c kernel=conv2d_3x3 prefix=conv2d_ libs=
  labels="H512_W512 H2048_W2048 H8192_W8192"
  sizes="512 1024 2048 4096 8192 16384" ;;
*) echo "$usage" >&2; exit 2 ;;
esac
# "M1024_N1024_K1024" -> "--size M=1024,N=1024,K=1024"
size_of() { echo "$1" | sed -e 's/_/,/g' -e 's/\([A-Z]\)\([0-9]\)/\1=\2/g'; }
case $mode in
--bundle)
  mkdir -p "$out"
  sets=
  for l in $labels; do sets="$sets --size $(size_of "$l")"; done
  "$c2cuda" tune -q "$src" --kernel $kernel $sets --budget "${4:-24}" --emit-bundle "$out/b" ;;
--tune)
  dirs=
  for l in $labels; do dirs="$dirs $out/b/$l"; done
  c2cuda-tune $dirs --no-ncu --timeout 120 ;;
--generate)
  sets=
  for l in $labels; do sets="$sets --size $(size_of "$l")"; done
  "$c2cuda" tune -q "$src" --kernel $kernel $sets --results "$out/b" --cache "$out/cache.jsonl" -o "$out/dispatch.cu"
  for l in $labels; do
    "$c2cuda" tune -q "$src" --kernel $kernel --size "$(size_of "$l")" --results "$out/b/$l" --cache "$out/cache.jsonl" -o "$out/own_$l.cu"
    # Each size's winner alone, under names of its own.
    sed -i -e "s/\b$prefix/own_${l}_$prefix/g" "$out/own_$l.cu"
  done
  "$c2cuda" -q "$src" -o "$out/default.cu"
  sed -i -e "s/\b$prefix/def_$prefix/g" "$out/default.cu" ;;
--run)
  nvcc -arch=sm_90 -O3 "$here/$workload.cu" "$out/dispatch.cu" "$out"/own_*.cu "$out/default.cu" $libs -o "$out/size-sets"
  "$out/size-sets" $sizes ;;
*) echo "$usage" >&2; exit 2 ;;
esac
