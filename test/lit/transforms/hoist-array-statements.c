// A sequential outer loop whose body holds an array element's assignment
// beside parallel loops (a column-oriented triangular solve, a
// right-looking Cholesky factorization) runs on the host: the assignment
// becomes a one-thread kernel between the parallel ones, once per
// iteration (the whole nest ran as one thread before).
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s
// RUN: %c2cuda-check %s --size n=23 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
#include <math.h>

void fwdsub_col(int n, const float *L, float *b) { // gpu-check: L[n*n] b[n]
#pragma scop
  for (int j = 0; j < n; j++) {
    b[j] = b[j] / L[j * n + j];
    for (int i = j + 1; i < n; i++)
      b[i] -= L[i * n + j] * b[j];
  }
#pragma endscop
}

// A = M M^T + n I is positive definite, so the square roots stay real.
void cholesky(int n, const double M[n][n], double A[n][n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = (i == j) ? (double)n : 0.0;
      for (int k = 0; k < n; k++)
        s += M[i][k] * M[j][k];
      A[i][j] = s;
    }
  for (int k = 0; k < n; k++) {
    A[k][k] = sqrt(A[k][k]);
    for (int i = k + 1; i < n; i++)
      A[i][k] = A[i][k] / A[k][k];
    for (int j = k + 1; j < n; j++)
      for (int i = j; i < n; i++)
        A[i][j] = A[i][j] - A[i][k] * A[j][k];
  }
#pragma endscop
}

// CHECK: {{^}}{{.*}}hoist-array-statements.c:13:5: remark: launched once per iteration of host loop 'j': b[j] (written at {{.*}}hoist-array-statements.c:13:5) and b[i] (written at {{.*}}hoist-array-statements.c:15:7) may touch the same element in different iterations of 'j'{{$}}
// CHECK: {{^}}{{.*}}hoist-array-statements.c:13:5: remark: no parallel loop: the statements are not in a loop; runs as a single thread{{$}}
// CHECK: {{^}}{{.*}}hoist-array-statements.c:14:5: remark: mapped i -> x (1-D grid, block 256){{$}}
// CHECK: {{^}}{{.*}}hoist-array-statements.c:31:5: remark: launched once per iteration of host loop 'k':
// CHECK: {{^}}{{.*}}hoist-array-statements.c:32:5: remark: mapped i -> x (1-D grid, block 256){{$}}
// CHECK: {{^}}{{.*}}hoist-array-statements.c:34:5: remark: mapped {{.*}} (2-D grid, block {{.*}}){{$}}

// ORACLE: {{^}}CHECK fwdsub_col PASS sched=default
// ORACLE: {{^}}CHECK fwdsub_col PASS sched=2
// ORACLE: {{^}}CHECK cholesky PASS sched=default
// ORACLE: {{^}}CHECK cholesky PASS sched=2
