// A loop tree that only sets array elements is fused into the tree that
// follows it when each iteration of the second touches only the elements
// the same iteration of the first sets (FuseInitLoops.h); the sum then
// starts in a register (ReplaceArrayAccumulators). Nests of one scop are
// fused into one; the CPU oracle runs both as written.
//
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cu
// RUN: %c2cuda-check %s --size n=13,m=11 --trials 2 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s --size n=0,m=5 --trials 1 | FileCheck %s --check-prefix=ORACLE
// ORACLE-NOT: FAIL
// ORACLE: PASS

// y = A^T x with the zeroing loop apart: fused after j moves outside i.
// REMARK: {{^}}{{.*}}fuse-init-loops.c:[[@LINE+4]]:3: remark: fused the loops 'j' (line [[@LINE+4]]) and 'jj' (line [[@LINE+7]]): each iteration sets the elements the same iteration of the second then updates{{$}}
// REMARK: {{^}}{{.*}}fuse-init-loops.c:[[@LINE+5]]:3: remark: 'y[j]' is accumulated in a register across 'i' (from the assignment before the loop, stored after it){{$}}
void atx(int n, int m, const float A[n][m], const float x[n], float y[m]) {
#pragma scop
  for (int j = 0; j < m; j++)
    y[j] = 0;
  for (int i = 0; i < n; i++)
    for (int jj = 0; jj < m; jj++)
      y[jj] += A[i][jj] * x[i];
#pragma endscop
}
// One kernel: the sum starts from 0 in a register, never from y.
// CHECK-LABEL: {{^}}// atx_kernel0 (atx, nest at fuse-init-loops.c:{{[0-9]+}}):
// CHECK-NOT: atx_kernel1
// CHECK: {{^}}  float c2c_acc_y = (float)0;{{$}}
// CHECK: {{^}}extern "C" void atx(

// Two levels, a compound initialization, and k outermost as written
// (gemm's k-i-j order): fused over i and j once k moves inside.
// REMARK: {{^}}{{.*}}fuse-init-loops.c:[[@LINE+4]]:3: remark: fused the loops 'i' (line [[@LINE+4]]) and 'i' (line [[@LINE+8]]): each iteration sets the elements the same iteration of the second then updates{{$}}
void gemm_kij(int n, int m, float beta, float C[n][m], const float A[n][n],
              const float B[n][m]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      C[i][j] *= beta;
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}

// Two arrays set, then both updated; inside a time loop, within one nest.
// With the temporary 'a' substituted (SubstituteTemporaries.h), the
// restructuring itself fuses the two j loops and moves them outside t:
// one launch, each thread running its column's steps.
// REMARK: {{^}}{{.*}}fuse-init-loops.c:[[@LINE+3]]:3: remark: restructured the loops: moved loop 'j' (line [[@LINE+4]]) outside loop 't' (line [[@LINE+3]]); moved loop 'j' (line [[@LINE+8]]) outside loop 't' (line [[@LINE+3]]); fused the loops 'j' (line [[@LINE+4]]) and 'j' (line [[@LINE+8]]); loop 'j' now runs in parallel{{$}}
void two(int n, int m, const float A[n][m], float s[m], float q[m]) {
#pragma c2cuda kernel
  for (int t = 0; t < 2; t++) {
    for (int j = 0; j < m; j++) {
      s[j] = 0;
      q[j] = 1;
    }
    for (int j = 0; j < m; j++)
      for (int i = 0; i < n; i++) {
        float a = A[i][j];
        s[j] += a;
        q[j] *= a > 0 ? 1.0f : -1.0f;
      }
  }
}

// Not fused: the second loop reads y[j + 1], which another iteration sets.
// REMARK-NOT: fused the loops 'j' (line [[@LINE+4]])
void shifted(int n, int m, const float A[n][m], float y[m]) {
#pragma scop
  for (int j = 0; j < m; j++)
    y[j] = 0;
  for (int j = 0; j < m - 1; j++)
    for (int i = 0; i < n; i++)
      y[j] += A[i][j] * y[j + 1];
#pragma endscop
}

// Not fused: the initialization reads an array the second loop writes.
// REMARK-NOT: fused the loops 'j' (line [[@LINE+4]])
void reads_written(int n, int m, const float A[n][m], float y[m], float z[m]) {
#pragma scop
  for (int j = 0; j < m; j++)
    y[j] = z[j];
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++)
      z[j] += A[i][j] * y[j];
#pragma endscop
}

// Not fused: the element set does not follow the loop (y[j / 2]).
// REMARK-NOT: fused the loops 'j' (line [[@LINE+4]])
void halves(int n, int m, const float A[n][m], float y[m]) {
#pragma scop
  for (int j = 0; j < m; j++)
    y[j / 2] = 0;
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++)
      y[j / 2] += A[i][j];
#pragma endscop
}
