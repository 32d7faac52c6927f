// TileForBlocks on a 5-point stencil: each block stages its 32x32 tile of A
// plus a one-element halo on every side (34x34) in shared memory, loaded
// by all 256 threads with consecutive threads on consecutive elements, each
// load guarded by the rows and columns the nest reads; one barrier before
// the computation and one after it (the next tile overwrites the buffer).
void jacobi(int n, const float A[n][n], float B[n][n]) {
#pragma c2cuda kernel block(32, 8) tile(i: 32, j: 32) shared(A)
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      B[i][j] = 0.2f * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] +
                        A[i - 1][j]);
}

// RUN: %c2cuda %s -q -o %t.cu
// RUN: FileCheck %s < %t.cu
// CHECK-LABEL: {{^}}// Schedule: map(j: x, i: y) block(32, 8) thread(i: 4) tile(i: 32, j: 32) shared(A){{$}}
// CHECK: {{^}}  __shared__ __align__(16) float c2c_sh_A[34][34];{{$}}
// CHECK: {{^}}        for (int c2c_r_A = 0; c2c_r_A < 5; ++c2c_r_A) {{{$}}
// CHECK-NEXT: {{^}}          int c2c_l_A = c2c_tid + c2c_r_A * 256;{{$}}
// CHECK-NEXT: {{^}}          if (c2c_l_A < 1156) {{{$}}
// CHECK-NEXT: {{^}}            int c2c_a1_A = c2c_l_A % 34;{{$}}
// CHECK-NEXT: {{^}}            int c2c_a0_A = c2c_l_A / 34;{{$}}
// CHECK: {{^}}            if (c2c_x0_A >= c2c_lo0_A && c2c_x0_A <= c2c_hi0_A && c2c_x1_A >= c2c_lo1_A && c2c_x1_A <= c2c_hi1_A) {{{$}}
// CHECK-NEXT: {{^}}              c2c_sh_A[c2c_a0_A][c2c_a1_A] = A[(long long)c2c_x0_A * n + c2c_x1_A];{{$}}
// CHECK: {{^}}        __syncthreads();{{$}}
// CHECK: {{^}}            B[(long long)i * n + j] = 0.200000003f * (c2c_sh_A[1 + (i - c2c_base_i)][1 + (j - c2c_base_j)] + c2c_sh_A[1 + (i - c2c_base_i)][0 + (j - c2c_base_j)] + c2c_sh_A[1 + (i - c2c_base_i)][2 + (j - c2c_base_j)] + c2c_sh_A[2 + (i - c2c_base_i)][1 + (j - c2c_base_j)] + c2c_sh_A[0 + (i - c2c_base_i)][1 + (j - c2c_base_j)]);{{$}}
// CHECK: {{^}}        __syncthreads();{{$}}
