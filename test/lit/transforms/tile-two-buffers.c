// pipeline(3): the next strip is staged in registers (as pipeline(2)) and
// each shared tile has two buffers. The first strip is stored before the
// strip loop; each step computes from buffer c2c_buf_k while the next strip
// goes to the other one, with one barrier per strip instead of two. The
// CPU oracle's race detector checks the barriers (a store into the buffer
// being read is reported as a race).
//
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cu
// RUN: %c2cuda-check %s --size M=37,N=70,K=45 --trials 2 | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s --size M=130,N=65,K=16 --trials 1 | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s --size M=3,N=5,K=0 --trials 1 | FileCheck %s --check-prefix=ORACLE
// ORACLE: {{^}}CHECK matmul PASS maxRelL2={{.*}}
// ORACLE-NOT: FAIL

// REMARK: {{^}}{{.*}}tile-two-buffers.c:[[@LINE+4]]:3: remark: 'A' staged in shared memory as c2c_sh_A[2][16][68] (transposed){{$}}
// REMARK: {{^}}{{.*}}tile-two-buffers.c:[[@LINE+3]]:3: remark: 'B' staged in shared memory as c2c_sh_B[2][16][68]{{$}}
void matmul(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma c2cuda kernel block(16, 16) tile(i: 64, j: 64, k: 16) shared(A, B) vector(i: 4, j: 4) pad(4) pipeline(3)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) matmul_kernel0(
// CHECK: {{^}}  __shared__ __align__(16) float c2c_sh_A[2][16][68];{{$}}
// The first strip, from the registers into buffer 0, then one barrier.
// CHECK: {{^}}      if (0LL < c2c_trip_k) {{{$}}
// CHECK: {{^}}          c2c_sh_A[0][c2c_a1_A][c2c_a0_A] = c2c_pf_A[c2c_r_A][0];{{$}}
// CHECK: {{^}}      __syncthreads();{{$}}
// CHECK-NEXT: {{^}}      for (long long c2c_s_k = 0LL; c2c_s_k < c2c_trip_k; c2c_s_k += 16) {{{$}}
// CHECK-NEXT: {{^}}        int c2c_buf_k = (int)(c2c_s_k / 16LL % 2LL);{{$}}
// CHECK: {{^}}                c2c_reg_acc[c2c_p_y][c2c_p_x] += c2c_sh_A[c2c_buf_k][0 + (k - c2c_base_k)][0 + (i - c2c_base_i)] * c2c_sh_B[c2c_buf_k][0 + (k - c2c_base_k)][0 + (j - c2c_base_j)];{{$}}
// The next strip into the other buffer, then the strip's only barrier.
// CHECK: {{^}}        if (c2c_s_k + 16LL < c2c_trip_k) {{{$}}
// CHECK: {{^}}            c2c_sh_A[1 - c2c_buf_k][c2c_a1_A][c2c_a0_A] = c2c_pf_A[c2c_r_A][0];{{$}}
// CHECK: {{^}}        __syncthreads();{{$}}
// CHECK-NEXT: {{^}}      }{{$}}
// CHECK-NOT: __syncthreads
// CHECK: {{^}}extern "C" void matmul(

// Two buffers must fit the 227 KB a block may use (past 48 KB they are
// dynamic shared memory: codegen/dynamic-shared.c).
// RUN: rm -f %t.big.cu
// RUN: not %c2cuda %s -q -DBIG -o %t.big.cu 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: not test -e %t.big.cu
// BIG: {{^}}{{.*}}tile-two-buffers.c:[[@LINE+4]]:81: error: the shared tiles need 256000 bytes per block (two buffers each, pipeline(3)), more than the 232448 a block may use (sm_90){{$}}
// BIG: {{^}}{{.*}}: note: use smaller tiles or pipeline(2){{$}}
void big(int M, int N, int K, const float *A, const float *B, float *C) {
#ifdef BIG
#pragma c2cuda kernel map(j: x, i: y) block(16, 16) tile(i: 128, j: 64, k: 160) shared(A, B) pad(4) vector(i: 4, j: 4) pipeline(3)
#endif
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}
