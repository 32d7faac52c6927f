#!/bin/sh
# Builds DIR/v.exe from the files c2cuda-harness-demo wrote into DIR, with
# the commands of the harness protocol (docs/tuning.md): harness.o,
# ref64.o, the plain mapping and the variant with their symbols renamed,
# then the link. Usage: build-harness.sh "<nvcc> [flags]" DIR
# (only the first word of the first argument is used: the nvcc path).
set -e
NV=${1%% *}
cd "$2"
P=""
V=""
for s in $(cat symbols.txt); do
  P="$P -D$s=c2c_plain_$s"
  V="$V -D$s=c2c_var_$s"
done
# The harness must be warning-free for the host compiler and nvcc alike.
"$NV" -arch=sm_90 -O3 -std=c++17 -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror -c harness.cu -o harness.o
"$NV" -x c -O2 -c ref64.c -o ref64.o
"$NV" -arch=sm_90 -O3 -std=c++17 -c plain.cu $P -o plain.o
"$NV" -arch=sm_90 -O3 -std=c++17 -Xptxas -v -c variant.cu $V -o v.o 2> ptxas.txt
"$NV" -arch=sm_90 harness.o ref64.o plain.o v.o -o v.exe
