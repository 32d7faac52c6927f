// An exclusive prefix sum: the inner loop has no iteration at the first j,
// where the reuse analysis evaluates loop bounds, so it walked through 0
// tiles of B and divided by that (SIGFPE in analyze and in the compiler,
// whose default tiling asks the same analysis).
void prefix(int n, float *A, const float *B) {
#pragma c2cuda kernel
  for (int j = 0; j < n; j++) {
    float acc = 0;
    for (int k = 0; k < j; k++)
      acc += B[k];
    A[j] = acc * B[0];
  }
}

// RUN: rm -f %t.cu
// RUN: %c2cuda analyze --no-ptxas %s | FileCheck %s --check-prefix=ANALYZE
// RUN: %c2cuda analyze --no-ptxas --json %s > %t.json
// RUN: %c2cuda -q %s -o %t.cu
// RUN: FileCheck %s --check-prefix=CUDA < %t.cu
// ANALYZE: {{^}}  kernel prefix_kernel0 (nest 0): j -> x ({{.*}}); block 256x1x1{{$}}
// ANALYZE: {{^}}      B -> shared or constant, tile footprint 1 elements, saves 256.0x of its loads (256 threads of a block read each element; a tile of 1 elements replaces 256 reads){{$}}
// CUDA: {{^}}__global__ void {{.*}}prefix_kernel0(
