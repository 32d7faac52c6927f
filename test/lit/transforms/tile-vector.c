// Vectorized cooperative loads: with vector(...), the rows of B's shared
// tile (stored as B is, 64 floats) are loaded as float4 where all four
// elements are inside the array and the global address is 16-byte aligned
// (checked at run time); otherwise element by element, each guarded. A's
// tile is stored transposed, so it is loaded element by element.
void matmul(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma c2cuda kernel block(16, 16) tile(i: 64, j: 64, k: 8) shared(A, B) vector(i: 4, j: 4)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}

// RUN: %c2cuda %s -q -o %t.cu
// RUN: FileCheck %s < %t.cu
// CHECK-LABEL: {{^}}// Schedule: map(j: x, i: y) block(16, 16) thread(i: 4, j: 4) tile(i: 64, j: 64, k: 8) shared(A, B) vector(i: 4, j: 4){{$}}
// CHECK: {{^}}            c2c_sh_A[c2c_a1_A][c2c_a0_A] = A[(long long)c2c_x0_A * (1LL * (long long)K) + (long long)c2c_x1_A];{{$}}
// CHECK: {{^}}            int c2c_a1_B = c2c_l_B % 16 * 4;{{$}}
// CHECK: {{^}}            if (c2c_x0_B >= c2c_lo0_B && c2c_x0_B <= c2c_hi0_B && c2c_x1_B >= c2c_lo1_B && c2c_x1_B <= c2c_hi1_B && (c2c_x1_B + 3 >= c2c_lo1_B && c2c_x1_B + 3 <= c2c_hi1_B) && c2c_aligned(&B[(long long)c2c_x0_B * (1LL * (long long)N) + (long long)c2c_x1_B], 16)) {{{$}}
// CHECK-NEXT: {{^}}              *reinterpret_cast<float4 *>(&c2c_sh_B[c2c_a0_B][c2c_a1_B]) = *reinterpret_cast<const float4 *>(&B[(long long)c2c_x0_B * (1LL * (long long)N) + (long long)c2c_x1_B]);{{$}}
// CHECK-NEXT: {{^}}            } else {{{$}}
// CHECK-NEXT: {{^}}              if (c2c_x0_B >= c2c_lo0_B && c2c_x0_B <= c2c_hi0_B && c2c_x1_B >= c2c_lo1_B && c2c_x1_B <= c2c_hi1_B) {{{$}}
// CHECK-NEXT: {{^}}                c2c_sh_B[c2c_a0_B][c2c_a1_B] = B[(long long)c2c_x0_B * (1LL * (long long)N) + (long long)c2c_x1_B];{{$}}
// CHECK: {{^}}                c2c_sh_B[c2c_a0_B][c2c_a1_B + 3] = B[(long long)c2c_x0_B * (1LL * (long long)N) + (long long)(c2c_x1_B + 3)];{{$}}
