// Tiled double products run their full strips on the FP64 tensor cores
// (TensorCoreProducts): each warp's 64 x 32 points in the instruction's
// accumulator layout, fragments of both operands loaded from the shared
// tiles (cp.async, 2 buffers of 32 k) 4 k at a time, one grouped
// c2c_mma_m16n8k4 per 16 x 8 block; the last, partial strip and the rest
// run per point in that layout. Float products, --no-tensor-cores and
// bodies that are not a product of a row's and a column's operand keep FMA.

void dgemm(int M, int N, int K, double alpha, const double A[M][K],
           const double B[K][N], double C[M][N]) {
#pragma scop
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double acc = 0.0;
      for (int k = 0; k < K; k++)
        acc += A[i][k] * B[k][j];
      C[i][j] = alpha * acc;
    }
#pragma endscop
}

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

// A sum of squares of differences is no product of two operands.
void ddist(int M, int N, int K, const double A[M][K], const double B[K][N],
           double C[M][N]) {
#pragma scop
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double acc = 0.0;
      for (int k = 0; k < K; k++)
        acc += (A[i][k] - B[k][j]) * (A[i][k] - B[k][j]);
      C[i][j] = acc;
    }
#pragma endscop
}

// RUN: %c2cuda %s -o %t.cu 2>%t.err
// RUN: FileCheck %s < %t.cu
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// RUN: %c2cuda %s --no-tensor-cores -o %t.fma.cu 2>%t.fma.err
// RUN: FileCheck %s --check-prefix=FMA < %t.fma.err
// RUN: not grep -q 'c2c_mma_m16n8k4(c2c_' %t.fma.cu
// RUN: %c2cuda-check %s --size M=131,N=67,K=13,n=131,m=67,p=13 --trials 1 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size M=13,N=9,K=5,n=13,m=9,p=5 --trials 2 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL

// REMARK: tensor-core-products.c:12:3: remark: full strips on the FP64 tensor cores: each warp's 64 (i) x 32 (j) points as blocks of 16 x 8, one mma.sync.m16n8k4 per block and 4 iterations of 'k' (each sum still in order)
// REMARK-NOT: tensor-core-products.c:26:3: remark: full strips
// REMARK: tensor-core-products.c:39:3: remark: full strips on FP64 FMA, not the tensor cores: the product is not of a row's and a column's operand
// FMA-NOT: remark: full strips on the FP64 tensor cores

// CHECK-LABEL: __global__ void __launch_bounds__(256) dgemm_kernel0(
// CHECK: {{^}}        for (int c2c_p_x = 0; c2c_p_x < 8; ++c2c_p_x) {{{$}}
// CHECK-NEXT: {{^}}          c2c_reg_acc[c2c_p_y][c2c_p_x] = 0.0;{{$}}
// CHECK: {{^}}          for (int c2c_kq = 0; c2c_kq < 8; ++c2c_kq) {{{$}}
// CHECK-NEXT: {{^}}            double c2c_fa[4][2];{{$}}
// CHECK-NEXT: {{^}}            double c2c_fb[4];{{$}}
// CHECK: {{^}}                int k = (int)((long long)0 + (c2c_s_k + (long long)(c2c_kq * 4) + (long long)(c2c_tid & 3)) * 1LL);{{$}}
// CHECK-NEXT: {{^}}                int i = c2c_base_i + ((c2c_tid >> 5) / 4 * 64 + ((c2c_fm * 2 + c2c_fr >> 1) * 16 + (c2c_fm * 2 + c2c_fr & 1) * 8 + ((c2c_tid & 31) >> 2))) * 1;{{$}}
// CHECK-NEXT: {{^}}                c2c_fa[c2c_fm][c2c_fr] = c2c_sh_A[c2c_buf_k][0 + (i - c2c_base_i)][0 + (k - c2c_base_k)];{{$}}
// CHECK: {{^}}              int j = c2c_base_j + ((c2c_tid >> 5) % 4 * 32 + c2c_fn * 8 + ((c2c_tid & 31) >> 2)) * 1;{{$}}
// CHECK-NEXT: {{^}}              c2c_fb[c2c_fn] = c2c_sh_B[c2c_buf_k][0 + (k - c2c_base_k)][0 + (j - c2c_base_j)];{{$}}
// CHECK: {{^}}                c2c_mma_m16n8k4(c2c_reg_acc[c2c_fm * 2 + 0][c2c_fn * 2 + 0], c2c_reg_acc[c2c_fm * 2 + 0][c2c_fn * 2 + 1], c2c_reg_acc[c2c_fm * 2 + 1][c2c_fn * 2 + 0], c2c_reg_acc[c2c_fm * 2 + 1][c2c_fn * 2 + 1], c2c_fa[c2c_fm][0], c2c_fa[c2c_fm][1], c2c_fb[c2c_fn]);{{$}}
// CHECK: {{^}}                  int c2c_t_x = (c2c_tid >> 5) % 4 * 32 + ((c2c_p_x >> 1) * 8 + (c2c_tid & 3) * 2 + (c2c_p_x & 1));{{$}}
// CHECK: {{^}}                  c2c_reg_acc[c2c_p_y][c2c_p_x] += c2c_sh_A[c2c_buf_k][0 + (i - c2c_base_i)][0 + (k - c2c_base_k)] * c2c_sh_B[c2c_buf_k][0 + (k - c2c_base_k)][0 + (j - c2c_base_j)];{{$}}
// CHECK-LABEL: __global__ void __launch_bounds__(256, 2) sgemm_kernel0(
// CHECK-NOT: c2c_mma_m16n8k4(c2c_
// CHECK-LABEL: __global__ void __launch_bounds__(256) ddist_kernel0(
// CHECK-NOT: c2c_mma_m16n8k4(c2c_

// ORACLE: CHECK dgemm PASS
// ORACLE: CHECK sgemm PASS
// ORACLE: CHECK ddist PASS
// ORACLE: CHECK dgemm_tn PASS
// ORACLE: CHECK dgemm_alpha_last PASS

// Transposed operands, an array accumulator, the loops in j, i order: the
// same instruction (the row operand is A[k][i]).
void dgemm_tn(int n, int m, int p, const double A[p][n], const double B[m][p],
              double C[n][m]) {
#pragma scop
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++) {
      C[i][j] = 0;
      for (int k = 0; k < p; k++)
        C[i][j] += A[k][i] * B[j][k];
    }
#pragma endscop
}

// (A * B) * alpha: a factor would have to be reassociated; FMA.
void dgemm_alpha_last(int n, int m, int p, double alpha, const double A[n][p],
                      const double B[p][m], double C[n][m]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < p; k++)
        C[i][j] += A[i][k] * B[k][j] * alpha;
#pragma endscop
}

// RUN: FileCheck %s --check-prefix=MORE < %t.err
// MORE: tensor-core-products.c:93:3: remark: full strips on the FP64 tensor cores: each warp's 64 (i) x 32 (j) points
// MORE: tensor-core-products.c:106:3: remark: full strips on FP64 FMA, not the tensor cores: the product is not of a row's and a column's operand
// RUN: %c2cuda-check %s --function dgemm_tn --size n=37,m=45,p=21 --trials 2 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE-TN --implicit-check-not=FAIL
// ORACLE-TN: CHECK dgemm_tn PASS
// CHECK-LABEL: dgemm_tn_kernel0(
// CHECK: {{^}}                c2c_mma_m16n8k4(c2c_reg_{{.*}}, c2c_fa[c2c_fm][0], c2c_fa[c2c_fm][1], c2c_fb[c2c_fn]);{{$}}
// CHECK-LABEL: dgemm_alpha_last_kernel0(
// CHECK-NOT: c2c_mma_m16n8k4(c2c_
