// TileForBlocks on a matrix product: 64x64 block tiles, 4x4 points per
// thread in runs of 4, k strip-mined by 8 with A and B staged in shared
// memory (A transposed so both are read along the vector runs), the
// accumulator in a register tile, the next strip prefetched into registers
// 16 bytes at a time (runs of 4 along the arrays' rows, element by element
// where a run is not aligned or leaves the array).
void matmul(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma c2cuda kernel block(16, 16) tile(i: 64, j: 64, k: 8) shared(A, B) vector(i: 4, j: 4) pad(4) pipeline(2)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}

// RUN: %c2cuda %s -o %t.cu 2>%t.err
// RUN: FileCheck %s < %t.cu
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// CHECK-LABEL: {{^}}// Schedule: map(j: x, i: y) block(16, 16) thread(i: 4, j: 4) tile(i: 64, j: 64, k: 8) shared(A, B) pad(4) vector(i: 4, j: 4) pipeline(2){{$}}
// CHECK-NEXT: {{^}}__global__ void __launch_bounds__(256) matmul_kernel0(const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C, int K, int M, int N) {{{$}}
// CHECK: {{^}}  __shared__ __align__(16) float c2c_sh_A[8][68];{{$}}
// CHECK-NEXT: {{^}}  __shared__ __align__(16) float c2c_sh_B[8][68];{{$}}
// CHECK-NEXT: {{^}}  __align__(16) float c2c_pf_A[1][4];{{$}}
// CHECK-NEXT: {{^}}  __align__(16) float c2c_pf_B[1][4];{{$}}
// CHECK-NEXT: {{^}}  float c2c_reg_acc[4][4];{{$}}
// The prefetch of the first strip, then per strip: staging registers to
// shared memory, a barrier, the prefetch of the next strip, the computation
// (unguarded for a full strip), a barrier.
// CHECK: {{^}}          if (c2c_x0_A >= c2c_lo0_A && c2c_x0_A <= c2c_hi0_A && c2c_x1_A >= c2c_lo1_A && c2c_x1_A <= c2c_hi1_A && (c2c_x1_A + 3 >= c2c_lo1_A && c2c_x1_A + 3 <= c2c_hi1_A) && c2c_aligned(&A[(long long)c2c_x0_A * (1LL * (long long)K) + (long long)c2c_x1_A], 16)) {{{$}}
// CHECK-NEXT: {{^}}            *reinterpret_cast<float4 *>(&c2c_pf_A[c2c_r_A][0]) = *reinterpret_cast<const float4 *>(&A[(long long)c2c_x0_A * (1LL * (long long)K) + (long long)c2c_x1_A]);{{$}}
// CHECK-NEXT: {{^}}          } else {{{$}}
// CHECK-NEXT: {{^}}            if (c2c_x0_A >= c2c_lo0_A && c2c_x0_A <= c2c_hi0_A && c2c_x1_A >= c2c_lo1_A && c2c_x1_A <= c2c_hi1_A) {{{$}}
// CHECK-NEXT: {{^}}              c2c_pf_A[c2c_r_A][0] = A[(long long)c2c_x0_A * (1LL * (long long)K) + (long long)c2c_x1_A];{{$}}
// CHECK: {{^}}      for (long long c2c_s_k = 0LL; c2c_s_k < c2c_trip_k; c2c_s_k += 8) {{{$}}
// A is transposed in shared memory: its run is stored element by element;
// B keeps its layout: one 16-byte store.
// CHECK: {{^}}          c2c_sh_A[c2c_a1_A][c2c_a0_A] = c2c_pf_A[c2c_r_A][0];{{$}}
// CHECK-NEXT: {{^}}          c2c_sh_A[c2c_a1_A + 1][c2c_a0_A] = c2c_pf_A[c2c_r_A][1];{{$}}
// CHECK-NEXT: {{^}}          c2c_sh_A[c2c_a1_A + 2][c2c_a0_A] = c2c_pf_A[c2c_r_A][2];{{$}}
// CHECK-NEXT: {{^}}          c2c_sh_A[c2c_a1_A + 3][c2c_a0_A] = c2c_pf_A[c2c_r_A][3];{{$}}
// CHECK: {{^}}          *reinterpret_cast<float4 *>(&c2c_sh_B[c2c_a0_B][c2c_a1_B]) = *reinterpret_cast<const float4 *>(&c2c_pf_B[c2c_r_B][0]);{{$}}
// CHECK: {{^}}        __syncthreads();{{$}}
// CHECK-NEXT: {{^}}        if (c2c_s_k + 8LL < c2c_trip_k) {{{$}}
// CHECK: {{^}}        if (c2c_s_k + 8LL <= c2c_trip_k) {{{$}}
// CHECK-NEXT: {{^}}          #pragma unroll{{$}}
// CHECK-NEXT: {{^}}          for (int c2c_q_k = 0; c2c_q_k < 8; ++c2c_q_k) {{{$}}
// CHECK: {{^}}                c2c_reg_acc[c2c_p_y][c2c_p_x] += c2c_sh_A[0 + (k - c2c_base_k)][0 + (i - c2c_base_i)] * c2c_sh_B[0 + (k - c2c_base_k)][0 + (j - c2c_base_j)];{{$}}
// CHECK: {{^}}        } else {{{$}}
// CHECK: {{^}}            if (c2c_s_k + (long long)c2c_q_k < c2c_trip_k) {{{$}}
// CHECK: {{^}}        __syncthreads();{{$}}
// CHECK: {{^}}            C[(long long)i * (long long)N + j] = c2c_reg_acc[c2c_p_y][c2c_p_x];{{$}}
// CHECK: {{^}}    const long long c2c_blocks_x = (((long long)N > 0LL ? (long long)N : 0LL) + 63LL) / 64LL * ((((long long)M > 0LL ? (long long)M : 0LL) + 63LL) / 64LL);{{$}}
// REMARK: {{^}}{{.*}}tile-matmul.c:9:3: remark: tiled: blocks run tiles of 64 (j) x 64 (i), 256 threads each, k in strips of 8{{$}}
// REMARK: {{^}}{{.*}}tile-matmul.c:9:3: remark: 'A' staged in shared memory as c2c_sh_A[8][68] (transposed){{$}}
// REMARK: {{^}}{{.*}}tile-matmul.c:9:3: remark: 'B' staged in shared memory as c2c_sh_B[8][68]{{$}}
// REMARK: {{^}}{{.*}}tile-matmul.c:9:3: remark: register tile: acc kept per point in registers{{$}}

// --print-after=LowerTiles shows the explicit-thread kernel.
// RUN: %c2cuda %s -q --print-after=LowerTiles -o %t.2.cu 2>&1 | FileCheck %s --check-prefix=DUMP
// DUMP: {{^}}*** IR Dump After LowerTiles *** (matmul){{$}}
// DUMP: {{^}}    __shared__ float c2c_sh_A[8][68];{{$}}
// DUMP: {{^}}        __syncthreads();{{$}}
