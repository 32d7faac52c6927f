// BLAS's leading dimensions: A[i*lda + p] with p < k is row i of a matrix
// whose rows hold lda elements when the caller keeps its promise lda >= k.
// c2cuda cannot prove it, so it assumes it where some sizes make it true:
// the arrays are indexed as rows (the gemm tiles as with declared rows),
// a remark names each assumption, and both entry points check it before
// anything is copied (the CPU oracle does not compare runs with arguments
// that break it: the entry points stop there). A row head read outside its
// column loop (x[i*m] beside x[i*m + j]) needs m >= 1 the same way.
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %c2cuda-check %s --size m=37,n=45,k=19,lda=19,ldb=50,ldc=47 --random-schedules 2 --function gemm_ld | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s --size m=5,n=7,k=3,lda=2,ldb=7,ldc=7 --function gemm_ld | FileCheck %s --check-prefix=BROKEN
// RUN: %c2cuda-check %s --size n=9,m=13 --random-schedules 2 --function prefix_rows | FileCheck %s --check-prefix=PREFIX
// RUN: %c2cuda-check %s --size m=11,n=17 --random-schedules 2 --function back_rows | FileCheck %s --check-prefix=BACK

void gemm_ld(int m, int n, int k, const float *A, int lda, const float *B,
             int ldb, float *C, int ldc) {
#pragma scop
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      float acc = 0.0f;
      for (int p = 0; p < k; p++)
        acc += A[i * lda + p] * B[p * ldb + j];
      C[i * ldc + j] = acc;
    }
#pragma endscop
}

void prefix_rows(int n, int m, const float *x, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    y[i * m] = x[i * m];
    for (int j = 1; j < m; j++)
      y[i * m + j] = y[i * m + j - 1] + x[i * m + j];
  }
}

// The last element of each row, written outside the loop over the row:
// d[r*n + n - 1] is row r, column n - 1 where n >= 1.
void back_rows(int m, int n, const double *c, const double *w, double *d) {
#pragma c2cuda kernel
  for (int r = 0; r < m; r++) {
    d[r * n + n - 1] = d[r * n + n - 1] / w[r * n + n - 1];
    for (int i = n - 2; i >= 0; i--)
      d[r * n + i] = (d[r * n + i] - c[r * n + i] * d[r * n + i + 1]) / w[r * n + i];
  }
}

// REMARK: {{^}}{{.*}}row-assumption.c:23:16: remark: 'A' is indexed as rows of lda elements, assuming lda >= k (each row holds the elements its subscripts reach); the entry points check it when called{{$}}
// REMARK: {{^}}{{.*}}row-assumption.c:23:16: note: declare 'A' with its rows ('A[][lda]') to state it instead{{$}}
// REMARK: {{^}}{{.*}}row-assumption.c:23:33: remark: 'B' is indexed as rows of ldb elements, assuming ldb >= n (each row holds the elements its subscripts reach); the entry points check it when called{{$}}
// REMARK: {{^}}{{.*}}row-assumption.c:24:7: remark: 'C' is indexed as rows of ldc elements, assuming ldc >= n (each row holds the elements its subscripts reach); the entry points check it when called{{$}}
// REMARK: {{^}}{{.*}}row-assumption.c:32:16: remark: 'x' is indexed as rows of m elements, assuming m >= 1 (each row holds the elements its subscripts reach); the entry points check it when called{{$}}

// CHECK-LABEL: {{^}}// Schedule: {{.*}}tile(
// CHECK-LABEL: {{^}}extern "C" void gemm_ld(
// CHECK-NEXT: {{^}}  const long long c2c_n_A =
// CHECK: {{^}}  c2c_check_assumption((long long)k <= 0LL || (long long)m <= 0LL || (long long)n <= 0LL || (long long)lda >= (long long)k, "lda >= k", "A", "gemm_ld", "row-assumption.c:23");{{$}}
// CHECK-NEXT: {{^}}  c2c_check_assumption({{.*}}, "ldb >= n", "B", "gemm_ld", "row-assumption.c:23");{{$}}
// CHECK-NEXT: {{^}}  c2c_check_assumption({{.*}}, "ldc >= n", "C", "gemm_ld", "row-assumption.c:24");{{$}}
// CHECK-LABEL: {{^}}extern "C" void gemm_ld_device(
// CHECK: {{^}}  c2c_check_assumption({{.*}}, "lda >= k", "A", "gemm_ld_device", "row-assumption.c:23");{{$}}

// ORACLE: {{^}}CHECK gemm_ld PASS sched=default
// ORACLE: {{^}}CHECK gemm_ld PASS sched=1
// ORACLE: {{^}}CHECK gemm_ld PASS sched=2

// BROKEN: {{^}}CHECK gemm_ld UNSUPPORTED {{.*}}these arguments break the assumption lda >= k about 'A' (the entry points stop with an error)

// REMARK: {{^}}{{.*}}row-assumption.c:43:5: remark: 'd' is indexed as rows of n elements, assuming n >= 1 (each row holds the elements its subscripts reach); the entry points check it when called{{$}}
// REMARK: {{^}}{{.*}}row-assumption.c:42:3: remark: mapped r -> x (1-D grid, block 256){{$}}

// PREFIX: {{^}}CHECK prefix_rows PASS sched=default
// PREFIX: {{^}}CHECK prefix_rows PASS sched=2

// BACK: {{^}}CHECK back_rows PASS sched=default
// BACK: {{^}}CHECK back_rows PASS sched=2
