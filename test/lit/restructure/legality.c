// Restructuring (restructure/RestructureNests.h) moves a loop outermost only
// when no dependence runs along it and the new order keeps every
// dependence; loops are fused only when their bounds are equal. The CPU
// oracle runs each nest as written against the restructured lowering.

// j carries A[i - 1][j + 1] -> A[i][j]: not moved outside i.
void skewed(int n, int m, float A[n][m]) {
#pragma scop
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m - 1; j++)
      A[i][j] = A[i - 1][j + 1] + 1.0f;
#pragma endscop
}

// A time loop over a stencil: every loop but t carries a dependence across
// the steps, so t stays outside (on the host) and nothing moves.
void jacobi1d(int steps, int n, float A[n], float B[n]) {
#pragma scop
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      B[i] = (A[i - 1] + A[i] + A[i + 1]) / 3.0f;
    for (int i = 1; i < n - 1; i++)
      A[i] = B[i];
  }
#pragma endscop
}

// Each element's updates depend only on that element: i moves outside t,
// one kernel runs all the steps.
void pointwise(int steps, int n, float X[n], float Y[n]) {
#pragma scop
  for (int t = 0; t < steps; t++) {
    for (int i = 0; i < n; i++)
      X[i] = Y[i] + t;
    for (int i = 0; i < n; i++)
      Y[i] = X[i] * 0.5f;
  }
#pragma endscop
}

// The loops around the two statements have different bounds (n, m): not
// fused. i is parallel as written, but apart each statement runs two
// loops in parallel: i is distributed, and the second part interchanged.
void unequal(int n, int m, float A[n][n], float B[n][m], const float C[m]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      A[i][j] = 0.0f;
    for (int k = 0; k < m; k++)
      for (int j = 0; j < m; j++)
        B[i][j] += C[k];
  }
#pragma endscop
}

// Fused loops named differently: jj becomes j.
void renamed(int n, int m, float C[n][m], const float A[n][m]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      C[i][j] = 0.0f;
    for (int k = 0; k < 4; k++)
      for (int jj = 0; jj < m; jj++)
        C[i][jj] += A[i][jj] * k;
  }
#pragma endscop
}

// A subscript that is not affine may name any element: j is not moved.
void indirect(int n, int m, const float A[n][m], float y[m]) {
#pragma c2cuda kernel extent(y: m)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      y[(j * j) % m] += A[i][j];
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck --check-prefix=REMARK --implicit-check-not='restructured the loops' %s
// REMARK: {{^}}{{.*}}legality.c:32:3: remark: restructured the loops: moved loop 'i' (line 33) outside loop 't' (line 32); moved loop 'i' (line 35) outside loop 't' (line 32); fused the loops 'i' (line 33) and 'i' (line 35); loop 'i' now runs in parallel{{$}}
// REMARK: {{^}}{{.*}}legality.c:46:3: remark: distributed loop 'i' into 2 loops, so that some of its statements run more loops in parallel{{$}}
// REMARK: {{^}}{{.*}}legality.c:46:3: remark: restructured the loops: moved loop 'j' (line 50) outside loop 'k' (line 49); loops 'i', 'j' now run in parallel{{$}}
// REMARK: {{^}}{{.*}}legality.c:59:3: remark: restructured the loops: moved loop 'jj' (line 63) outside loop 'k' (line 62); fused the loops 'j' (line 60) and 'jj' (line 63); loops 'i', 'j' now run in parallel{{$}}
// RUN: FileCheck --check-prefix=CU %s < %t.cu
// CU-LABEL: void __launch_bounds__(256) renamed_kernel0(
// CU: C[(long long)i * m + j] = c2c_acc_C;
// RUN: %c2cuda-check %s --size n=21,m=17,steps=5 --trials 3 --seed 5 2>/dev/null | FileCheck --check-prefix=ORACLE %s
// ORACLE-COUNT-6: {{^}}CHECK {{[a-z0-9]+}} PASS
