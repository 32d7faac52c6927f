// PromoteToShared plans the tiles of A and B that each tile and strip
// reads, staged in shared memory: A's box is 64 (i) x 8 (k), B's 8 (k) x
// 64 (j). Lowered, each strip loads them cooperatively between barriers
// and the points read them there.
// RUN: %c2cuda-opt %s -q -passes=HoistHostLoops,MapToGrid,TileBands,StripMine,PromoteToShared -print-after=PromoteToShared 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid,TileBands,StripMine,PromoteToShared,LowerTiles 2>&1 | FileCheck %s
// An array the kernel writes cannot be staged:
// RUN: not %c2cuda-opt %s -DWRITES -passes=HoistHostLoops,MapToGrid,TileBands,StripMine,PromoteToShared 2>&1 | FileCheck %s --check-prefix=WRITES

void matmul(int n, const float *A, const float *B, float *C) {
#ifdef WRITES
#pragma c2cuda kernel tile(i: 64, j: 64, k: 8) block(16, 16) shared(A, C)
#else
#pragma c2cuda kernel tile(i: 64, j: 64, k: 8) block(16, 16) shared(A, B)
#endif
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float acc = 0.0f;
      for (int k = 0; k < n; k++)
        acc += A[i * n + k] * B[k * n + j];
      C[i * n + j] = acc;
    }
}

// PLAN:      {{^}}tile plan matmul_kernel0 {{{$}}
// PLAN:      {{^}}  strip k: 8{{$}}
// PLAN-NEXT: {{^}}  register tile acc: [4][4]{{$}}
// PLAN-NEXT: {{^}}  shared A: c2c_sh_A[64][8]{{$}}
// PLAN-NEXT: {{^}}  shared B: c2c_sh_B[8][64]{{$}}
// PLAN-NEXT: {{^}}}{{$}}

// CHECK:      {{^}}    __shared__ float c2c_sh_A[64][8];{{$}}
// CHECK-NEXT: {{^}}    __shared__ float c2c_sh_B[8][64];{{$}}
// CHECK:      {{^}}        for (long long c2c_s_k = 0LL; c2c_s_k < c2c_trip_k; c2c_s_k += 8) {{{$}}
// CHECK:      {{^}}              c2c_sh_A[c2c_a0_A][c2c_a1_A] = A[(long long)c2c_x0_A * (1LL * (long long)n) + (long long)c2c_x1_A];{{$}}
// CHECK:      {{^}}              c2c_sh_B[c2c_a0_B][c2c_a1_B] = B[(long long)c2c_x0_B * (1LL * (long long)n) + (long long)c2c_x1_B];{{$}}
// CHECK:      {{^}}          __syncthreads();{{$}}
// CHECK:      {{^}}                  c2c_reg_acc[c2c_p_y][c2c_p_x] += c2c_sh_A[0 + (i - c2c_base_i)][0 + (k - c2c_base_k)] * c2c_sh_B[0 + (k - c2c_base_k)][0 + (j - c2c_base_j)];{{$}}
// CHECK:      {{^}}          __syncthreads();{{$}}
// CHECK:      remark: 'A' staged in shared memory as c2c_sh_A[64][8]{{$}}
// CHECK:      remark: 'B' staged in shared memory as c2c_sh_B[8][64]{{$}}

// WRITES:      {{^}}{{.*}}promote-to-shared.c:12:62: error: shared(C): no kernel of this nest only reads 'C'; only arrays a kernel reads and does not write can be staged in shared memory{{$}}
// WRITES:      {{^}}{{.*}}: note: leave 'C' out of shared(...){{$}}
