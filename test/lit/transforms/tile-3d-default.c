// A 3-D element-wise nest is tiled by default like a 2-D one: tiles of 64
// (x) by 32 (y) by 1 (z), 32x8 threads, 8 points per thread in runs of 2
// along x (H100, 2^28 floats: 0.62x -> 0.99x copy bandwidth), with tiles of
// 32x8, one point per thread, for few blocks. A 3-D kernel with a loop
// inside (the fourth loop of a 4-D nest) keeps one point per thread.
void scale3(int p, int n, int m, const float A[p][n][m], float B[p][n][m]) {
#pragma scop
  for (int k = 0; k < p; k++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++)
        B[k][i][j] = 2.0f * A[k][i][j];
#pragma endscop
}
void scale4(int q, int p, int n, int m, const float A[q][p][n][m],
            float B[q][p][n][m]) {
#pragma scop
  for (int l = 0; l < q; l++)
    for (int k = 0; k < p; k++)
      for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
          B[l][k][i][j] = 2.0f * A[l][k][i][j];
#pragma endscop
}
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cu
// 3 x 64 x 128 runs the 64x32 tiles on the oracle's 3 SMs, 2 x 8 x 16 the
// 32x8 ones.
// RUN: %c2cuda-check %s --function scale3 --size p=3,n=64,m=128 --trials 1 | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s --function scale3 --size p=2,n=8,m=16 --trials 2 | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s --function scale3 --size p=2,n=37,m=70 --trials 1 | FileCheck %s --check-prefix=ORACLE
// REMARK: tile-3d-default.c:8:3: remark: tiled: blocks run tiles of 64 (j) x 32 (i) x 1 (k), 256 threads each
// REMARK: tile-3d-default.c:8:3: remark: when its blocks would take longer (the busiest multiprocessor's share of them, at the rate of their tile shape), scale3_kernel0_1x8x32 (tiles of 1 (k) x 8 (i) x 32 (j)) runs instead
// REMARK: tile-3d-default.c:17:3: remark: l runs sequentially in each thread
// REMARK-NOT: tile-3d-default.c:17:3: remark: tiled
// CHECK: {{^}}// Schedule: map(j: x, i: y, k: z) block(32, 8, 1) thread(i: 4, j: 2) tile(i: 32, j: 64, k: 1) vector(j: 2){{$}}
// CHECK-NEXT: {{^}}__global__ void __launch_bounds__(256) scale3_kernel0(
// CHECK: {{^}}// Schedule: map(j: x, i: y, k: z) block(32, 8, 1) tile(i: 8, j: 32, k: 1){{$}}
// CHECK-NEXT: {{^}}__global__ void __launch_bounds__(256) scale3_kernel0_1x8x32(
// CHECK: {{^}}__global__ void __launch_bounds__(256) scale4_kernel0(
// CHECK-NEXT: {{^}}  const long long c2c_t_x ={{.*}}{{$}}
// CHECK-NEXT: {{^}}  if (c2c_t_x < c2c_trip_x) {{{$}}
// ORACLE: {{^}}CHECK scale3 PASS
