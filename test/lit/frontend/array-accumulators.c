// An array element accumulated across a loop, after an earlier write of it
// at the same level or in an array parameter declared with the dimensions
// its loops cover, is kept in a scalar across the loop (started from the
// assignment just before the loop, when that assigns it); elsewhere (a
// pointer, no earlier write) it is loaded and stored only where the loop
// runs (restructure/ReplaceArrayAccumulators.h): the tiled kernel keeps it
// per point in registers instead of reading and writing memory on every k
// step. Not replaced: subscripts that change in the loop, another element of
// the same array in the loop. The CPU oracle checks the lowering; with nk = 0
// the planned copies stay within the declared array (the pointer's: none).

void product(int ni, int nj, int nk, float alpha, float tmp[ni][nj],
             const float A[ni][nk], const float B[nk][nj]) {
#pragma c2cuda kernel
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      tmp[i][j] = 0.0f;
      for (int k = 0; k < nk; k++)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
}

void gemm(int ni, int nj, int nk, double alpha, double beta, double C[ni][nj],
          const double A[ni][nk], const double B[nk][nj]) {
#pragma c2cuda kernel
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      C[i][j] *= beta;
      for (int k = 0; k < nk; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
}

void noinit(int ni, int nj, int nk, float C[ni][nj], const float A[ni][nk],
            const float B[nk][nj]) {
#pragma c2cuda kernel
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      for (int k = 0; k < nk; k++)
        C[i][j] += A[i][k] * B[k][j];
}

void noinitptr(int ni, int nj, int nk, float *C, const float *A,
               const float *B) {
#pragma c2cuda kernel
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      for (int k = 0; k < nk; k++)
        C[i * nj + j] += A[i * nk + k] * B[k * nj + j];
}

void moving(int ni, int nk, float C[ni][nk], const float A[ni][nk]) {
#pragma c2cuda kernel
  for (int i = 0; i < ni; i++) {
    C[i][0] = 0.0f;
    for (int k = 1; k < nk; k++)
      C[i][k] = C[i][k - 1] + A[i][k];
  }
}

void other(int ni, int nk, float C[ni][2], const float A[ni][nk]) {
#pragma c2cuda kernel
  for (int i = 0; i < ni; i++) {
    C[i][0] = 0.0f;
    for (int k = 0; k < nk; k++) {
      C[i][0] += A[i][k];
      C[i][1] = C[i][0] * 2.0f;
    }
  }
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck --check-prefix=REMARK --implicit-check-not='accumulated in a register' %s
// REMARK: {{^}}{{.*}}.c:18:7: remark: 'tmp[i][j]' is accumulated in a register across 'k' (from the assignment before the loop, stored after it){{$}}
// REMARK: {{^}}{{.*}}.c:29:7: remark: 'C[i][j]' is accumulated in a register across 'k' (from the assignment before the loop, stored after it){{$}}
// REMARK: {{^}}{{.*}}.c:39:7: remark: 'C[i][j]' is accumulated in a register across 'k' (loaded before the loop, stored after it){{$}}
// REMARK: {{^}}{{.*}}.c:48:7: remark: 'C[i * nj + j]' is accumulated in a register across 'k' (loaded before the loop, stored after it; both where 'k' runs){{$}}
// REMARK: {{^}}{{.*}}.c:116:5: remark: 'C[i]' is accumulated in a register across 'k' (loaded before the loop, stored after it){{$}}
// REMARK: {{^}}{{.*}}.c:15:3: remark: register tile: c2c_acc_tmp kept per point in registers{{$}}
// REMARK: {{^}}{{.*}}.c:26:3: remark: register tile: c2c_acc_C kept per point in registers{{$}}
// REMARK: {{^}}{{.*}}.c:37:3: remark: register tile: c2c_acc_C kept per point in registers{{$}}

// The assignment just before the loop starts the scalar; its own store is
// gone (the loop's result replaces it).
// RUN: FileCheck %s < %t.cu
// CHECK-LABEL: {{^}}__global__ void {{.*}}product_kernel0(
// CHECK-NOT: {{^}} *tmp[{{.*}}] = 0
// CHECK: {{^}}            c2c_reg_c2c_acc_tmp[c2c_p_y][c2c_p_x] = 0.0f;{{$}}
// CHECK-LABEL: {{^}}__global__ void {{.*}}gemm_kernel0(
// CHECK-NOT: *= beta
// CHECK: {{^}}            c2c_reg_c2c_acc_C[c2c_p_y][c2c_p_x] = C[(long long)i * nj + j];{{$}}
// CHECK-NEXT: {{^}}            c2c_reg_c2c_acc_C[c2c_p_y][c2c_p_x] *= beta;{{$}}
// CHECK-LABEL: {{^}}__global__ void {{.*}}noinitptr_kernel0(
// CHECK: {{^}}            c2c_reg_c2c_acc_C[c2c_p_y][c2c_p_x] = 0 < nk ? C[(long long)i * (long long)nj + j] : 0.0f;{{$}}
// CHECK: {{^}}              C[(long long)i * (long long)nj + j] = c2c_reg_c2c_acc_C[c2c_p_y][c2c_p_x];{{$}}

// RUN: %c2cuda-check %s --size ni=19,nj=23,nk=7 --trials 4 --function product | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size ni=19,nj=23,nk=7 --trials 4 --function gemm | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size ni=19,nj=23,nk=0 --trials 2 --function gemm | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size ni=19,nj=23,nk=7 --trials 2 --function noinit | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size ni=19,nj=23,nk=0 --trials 2 --function noinit --array-size C=437,A=0,B=0 | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size ni=19,nj=23,nk=7 --trials 2 --function noinitptr | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size ni=19,nj=23,nk=0 --trials 2 --function noinitptr --array-size C=0,A=0,B=0 | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size ni=19,nk=7 --trials 2 --function moving | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size ni=19,nk=7 --trials 2 --function other | FileCheck --check-prefix=ORACLE %s
// ORACLE: {{^}}CHECK {{[a-z]+}} PASS

// The assignment before the loop does not start the scalar when a
// statement between them assigns a scalar it reads: moved past `s = 5`,
// it would store 5 instead of s.
void between(int ni, int nk, float s, float C[ni],
                      const float A[ni][nk]) {
#pragma c2cuda kernel
  for (int i = 0; i < ni; i++) {
    C[i] = s;
    s = 5.0f;
    for (int k = 0; k < nk; k++)
      C[i] += A[i][k] * s;
  }
}
// RUN: %c2cuda-check %s --size ni=19,nk=7 --trials 2 --function between | FileCheck --check-prefix=ORACLE %s
