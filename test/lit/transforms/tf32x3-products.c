// With --allow-tf32x3, tiled float products run their full strips on the
// TF32 tensor cores (TensorCoreProducts): each warp's 64 x 32 points in the
// instruction's accumulator layout, fragments of both operands loaded from
// the shared tiles 8 k at a time (strip iterations l % 4 and l % 4 + 4), one
// grouped c2c_mma_m16n8k8_tf32x3 per 16 x 8 block, which splits each operand
// in a TF32 high and low part (three instructions). The last, partial strip
// runs per point on FMA. Without the permission, with --no-tensor-cores, and
// for bodies that are not a product of a row's and a column's operand, float
// products keep FMA.

void sgemm(int M, int N, int K, const float A[M][K], const float B[K][N],
           float C[M][N]) {
#pragma scop
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i][k] * B[k][j];
      C[i][j] = acc;
    }
#pragma endscop
}

// W^T V: both operands along the strip's rows.
void wtv(int F, int T, int K, const float *W, const float *V, float *WtV) {
#pragma c2cuda kernel
  for (int k = 0; k < K; k++)
    for (int t = 0; t < T; t++) {
      float acc = 0.0f;
      for (int f = 0; f < F; f++)
        acc += W[f * K + k] * V[f * T + t];
      WtV[k * T + t] = acc;
    }
}

// A sum of squares of differences is no product of two operands.
void sdist(int M, int N, int K, const float A[M][K], const float B[K][N],
           float C[M][N]) {
#pragma scop
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += (A[i][k] - B[k][j]) * (A[i][k] - B[k][j]);
      C[i][j] = acc;
    }
#pragma endscop
}

// RUN: %c2cuda %s --allow-tf32x3 -o %t.cu 2>%t.err
// RUN: FileCheck %s < %t.cu
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// RUN: %c2cuda %s -o %t.fma.cu 2>%t.fma.err
// RUN: FileCheck %s --check-prefix=FMA < %t.fma.err
// RUN: not grep -q 'c2c_mma_m16n8k8_tf32x3(c2c_' %t.fma.cu
// RUN: %c2cuda %s --allow-tf32x3 --no-tensor-cores -o %t.off.cu 2>%t.off.err
// RUN: FileCheck %s --check-prefix=FMA < %t.off.err
// RUN: not grep -q 'c2c_mma_m16n8k8_tf32x3(c2c_' %t.off.cu
// RUN: %c2cuda-check %s --allow-tf32x3 --size M=131,N=67,K=77,F=77,T=67 --trials 1 --print-launches | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --allow-tf32x3 --size M=300,N=260,K=40,F=40,T=260 --trials 1 --print-launches | FileCheck %s --check-prefix=ORACLE-BIG --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --allow-tf32x3 --size M=13,N=9,K=21,F=21,T=9 --trials 2 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// Few tiles (64 x 64 outputs), the sums free to reassociate: split across
// blocks on the tensor cores, each block's chunk of strips from its own
// first buffer.
// RUN: %c2cuda-check %s --allow-tf32x3 --allow-reassociation --size M=13,N=9,K=64,F=300,T=64 --trials 1 --function wtv --print-launches | FileCheck %s --check-prefix=SPLIT --implicit-check-not=FAIL
// RUN: %c2cuda %s -q --allow-tf32x3 --allow-reassociation -o %t.split.cu
// RUN: FileCheck %s --check-prefix=SPLIT-CU < %t.split.cu
// SPLIT-CU-LABEL: {{^}}__global__ void {{.*}}wtv_kernel0_split(
// SPLIT-CU: {{^ *}}int c2c_buf_f = (int)((c2c_s_f - c2c_begin_f) / 32LL % 2LL);
// SPLIT-CU: {{^ *}}c2c_mma_m16n8k8_tf32x3(c2c_reg_acc[
// SPLIT-CU: {{^ *}}atomicAdd(&WtV[(long long)k * (long long)T + t], c2c_reg_acc[c2c_p_y][c2c_p_x]);
// SPLIT-CU-LABEL: {{^}}__global__ void
// SPLIT: {{^}}CHECK wtv PASS
// SPLIT: {{^}}LAUNCHES wtv wtv_kernel0_zero wtv_kernel0{{(_[0-9x]+)?}}_split{{$}}

// REMARK: tf32x3-products.c:14:3: remark: full strips on the TF32 tensor cores: each warp's 64 (i) x 32 (j) points as blocks of 16 x 8, three mma.sync.m16n8k8 per block (3xTF32, --allow-tf32x3) and 8 iterations of 'k'
// REMARK: tf32x3-products.c:27:3: remark: full strips on the TF32 tensor cores: each warp's 64 (k) x 32 (t) points as blocks of 16 x 8, three mma.sync.m16n8k8 per block (3xTF32, --allow-tf32x3) and 8 iterations of 'f'
// REMARK: tf32x3-products.c:40:3: remark: full strips on FP32 FMA, not the tensor cores: the product is not of a row's and a column's operand
// FMA-NOT: remark: full strips on the TF32 tensor cores

// The tensor-core tiles: strips of 32 in two cp.async buffers, rows padded
// by 12 floats; the 128 x 128 tiles capped at 128 registers (2 blocks per
// SM), the smaller ones not.
// CHECK-LABEL: // Schedule: map(j: x, i: y) block(16, 16) thread(i: 8, j: 8) tile(i: 128, j: 128, k: 32) shared(A, B) pad(12) vector(i: 4, j: 4) async(2) maxrregcount(128)
// CHECK-NEXT: __global__ void __launch_bounds__(256, 2) sgemm_kernel0(
// CHECK: {{^}}          for (int c2c_kq = 0; c2c_kq < 4; ++c2c_kq) {{{$}}
// CHECK-NEXT: {{^}}            float c2c_fa[4][2][2];{{$}}
// CHECK-NEXT: {{^}}            float c2c_fb[4][2];{{$}}
// CHECK: {{^}}                  int k = (int)((long long)0 + (c2c_s_k + (long long)(c2c_kq * 8) + (long long)((c2c_tid & 3) + c2c_kh * 4)) * 1LL);{{$}}
// CHECK-NEXT: {{^}}                  int i = c2c_base_i + ((c2c_tid >> 5) / 4 * 64 + ((c2c_fm * 2 + c2c_fr >> 1) * 16 + (c2c_fm * 2 + c2c_fr & 1) * 8 + ((c2c_tid & 31) >> 2))) * 1;{{$}}
// CHECK-NEXT: {{^}}                  c2c_fa[c2c_fm][c2c_fr][c2c_kh] = c2c_sh_A[c2c_buf_k][0 + (i - c2c_base_i)][0 + (k - c2c_base_k)];{{$}}
// CHECK: {{^}}                c2c_fb[c2c_fn][c2c_kh] = c2c_sh_B[c2c_buf_k][0 + (k - c2c_base_k)][0 + (j - c2c_base_j)];{{$}}
// CHECK: {{^}}                c2c_mma_m16n8k8_tf32x3(c2c_reg_acc[c2c_fm * 2 + 0][c2c_fn * 2 + 0], c2c_reg_acc[c2c_fm * 2 + 0][c2c_fn * 2 + 1], c2c_reg_acc[c2c_fm * 2 + 1][c2c_fn * 2 + 0], c2c_reg_acc[c2c_fm * 2 + 1][c2c_fn * 2 + 1], c2c_fa[c2c_fm][0][0], c2c_fa[c2c_fm][1][0], c2c_fa[c2c_fm][0][1], c2c_fa[c2c_fm][1][1], c2c_fb[c2c_fn][0], c2c_fb[c2c_fn][1]);{{$}}
// CHECK-LABEL: __global__ void __launch_bounds__(256) sgemm_kernel0_128x64(
// CHECK-LABEL: __global__ void __launch_bounds__(256, 2) wtv_kernel0(
// CHECK: {{^}}                c2c_fa[c2c_fm][c2c_fr][c2c_kh] = c2c_sh_W[c2c_buf_f][0 + (f - c2c_base_f)][0 + (k - c2c_base_k)];{{$}}
// CHECK: {{^}}                c2c_mma_m16n8k8_tf32x3(c2c_reg_acc
// CHECK-LABEL: __global__ void __launch_bounds__(256, 2) sdist_kernel0(
// CHECK-NOT: c2c_mma_m16n8k8_tf32x3(c2c_

// ORACLE: CHECK sgemm PASS
// ORACLE: CHECK wtv PASS
// ORACLE: CHECK sdist PASS
// ORACLE-BIG: CHECK sgemm PASS
// ORACLE-BIG-NEXT: LAUNCHES sgemm sgemm_kernel0
// ORACLE-BIG: CHECK wtv PASS
