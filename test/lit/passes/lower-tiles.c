// LowerTiles applies the tile plan the stages before it made (TilePlan.h):
// 64x64 tiles of C per block of 16x16 threads, 4x4 points per thread, k in
// strips of 8, A and B staged in shared memory. The kernel becomes an
// explicit per-thread program.
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid | FileCheck %s --check-prefix=BEFORE
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid,TileBands,StripMine,PromoteToShared,LowerTiles 2>&1 | FileCheck %s

void matmul(int n, const float *A, const float *B, float *C) {
#pragma c2cuda kernel tile(i: 64, j: 64, k: 8) block(16, 16) shared(A, B)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float acc = 0.0f;
      for (int k = 0; k < n; k++)
        acc += A[i * n + k] * B[k * n + j];
      C[i * n + j] = acc;
    }
}

// BEFORE:      {{^}}  kernel 0 matmul_kernel0 (nest 0) block(16,16,1) {{{$}}
// BEFORE-NEXT: {{^}}    grid.x: j = 0 + t * 1, t < {{.*}}{{$}}
// BEFORE-NEXT: {{^}}    grid.y: i = 0 + t * 1, t < {{.*}}{{$}}
// BEFORE-NEXT: {{^}}    float acc = 0.0f;{{$}}

// CHECK:      {{^}}  kernel 0 matmul_kernel0 (nest 0) block(16,16,1) {{{$}}
// CHECK-NEXT: {{^}}    explicit threads{{$}}
// CHECK:      {{^}}    __shared__ float c2c_sh_A[64][8];{{$}}
// CHECK-NEXT: {{^}}    __shared__ float c2c_sh_B[8][64];{{$}}
// CHECK-NEXT: {{^}}    float c2c_reg_acc[4][4];{{$}}
// CHECK:      {{^}}        for (long long c2c_s_k = 0LL; c2c_s_k < c2c_trip_k; c2c_s_k += 8) {{{$}}
// CHECK:      {{^}}              c2c_sh_A[c2c_a0_A][c2c_a1_A] = A[(long long)c2c_x0_A * (1LL * (long long)n) + (long long)c2c_x1_A];{{$}}
// CHECK:      {{^}}              c2c_sh_B[c2c_a0_B][c2c_a1_B] = B[(long long)c2c_x0_B * (1LL * (long long)n) + (long long)c2c_x1_B];{{$}}
// CHECK:      {{^}}          __syncthreads();{{$}}
// CHECK:      {{^}}                  c2c_reg_acc[c2c_p_y][c2c_p_x] += c2c_sh_A[0 + (i - c2c_base_i)][0 + (k - c2c_base_k)] * c2c_sh_B[0 + (k - c2c_base_k)][0 + (j - c2c_base_j)];{{$}}
// CHECK:      {{^}}              C[i * n + j] = c2c_reg_acc[c2c_p_y][c2c_p_x];{{$}}
// CHECK: remark: tiled: blocks run tiles of 64 (j) x 64 (i), 256 threads each, k in strips of 8
// CHECK: remark: 'A' staged in shared memory as c2c_sh_A[64][8]
// CHECK: remark: 'B' staged in shared memory as c2c_sh_B[8][64]
// CHECK: remark: register tile: acc kept per point in registers
