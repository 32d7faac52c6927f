// Temporaries in restructured nests. A loop tree with a declaration is
// interchanged or fused only after the temporaries are substituted into
// their uses (SubstituteTemporaries.h), and that form is kept only where
// the nest as written does not restructure and the substituted one does.
// A wavefront keeps every statement of an iteration in place, so it takes
// declarations as they are; only dependences between two iterations
// constrain its plane (two iterations of one wave run at once).
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %c2cuda-opt %s -passes=RestructureNests 2>/dev/null | FileCheck %s --check-prefix=IR
// RUN: %c2cuda-check %s --size T=3,n=13,m=11,p=5 --trials 2 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size T=1,n=2,m=1,p=0 --trials 1 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
#include <math.h>

// y = A^T x with the row loop outside and the element named: every
// statement is in the same loops, so j moves outside i with 'a' kept in
// the body (nothing to substitute).
void atx(int n, int m, const float A[n][m], const float x[n], float y[m]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float a = A[i][j];
      y[j] += a * x[i];
    }
}

// CHECK-NOT: remark: substituted 'a'
// CHECK: substitute-temporaries.c:[[@LINE-8]]:3: remark: restructured the loops: moved loop 'j' (line [[@LINE-7]]) outside loop 'i' (line [[@LINE-8]]); loop 'j' now runs in parallel
// IR-LABEL: function void atx(
// IR:      {{^}}    for (int j = 0; j < m; ++j) {{{$}}
// IR-NEXT: {{^}}      for (int i = 0; i < n; ++i) {{{$}}
// IR-NEXT: {{^}}        float a = A[i][j];{{$}}
// IR-NEXT: {{^}}        y[j] += a * x[i];{{$}}

// The old value is read after the element is written: substituting it
// would read the new one, so it is kept; j still moves outside i, the body
// whole (each y[j] is updated in order of i by its own thread).
void delta(int n, int m, const float A[n][m], float y[m], float d[n][m]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float o = y[j];
      y[j] += A[i][j];
      d[i][j] = y[j] - o;
    }
}

// CHECK-NOT: remark: substituted 'o'
// CHECK: substitute-temporaries.c:[[@LINE-9]]:3: remark: restructured the loops: moved loop 'j' (line [[@LINE-8]]) outside loop 'i' (line [[@LINE-9]]); loop 'j' now runs in parallel
// IR-LABEL: function void delta(
// IR:      {{^}}    for (int j = 0; j < m; ++j) {{{$}}
// IR-NEXT: {{^}}      for (int i = 0; i < n; ++i) {{{$}}
// IR-NEXT: {{^}}        float o = y[j];{{$}}

// SOR with an initialized temporary: a wavefront, the temporary kept.
void sor(int T, int n, double A[n][n]) {
#pragma c2cuda kernel
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        double gs = (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]) * 0.25;
        A[i][j] = A[i][j] + 1.5 * (gs - A[i][j]);
      }
}

// CHECK: substitute-temporaries.c:[[@LINE-8]]:3: remark: skewed the loops into a wavefront: no loop of the nest can run in parallel, but the iterations with equal 2*t + i + j (loop 'wave', in order) can; loops 't', 'i' now run in parallel, 'j' is computed
// IR-LABEL: function void sor(
// IR:      {{^}}          if (j >= 1 && j < n - 1) {{{$}}
// IR-NEXT: {{^}}            double gs = (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]) * 0.25;{{$}}

// Declared outside the loops (privatized), set twice: the plane must put
// (t + 1, i - 1, j), which overwrites the A[i - 1][j] that (t, i, j)
// reads, on a later wave. t + i + j would not (the order of the
// statements within one iteration says nothing between two of them).
void sor_outside(int T, int n, float A[n][n]) {
  float s;
#pragma c2cuda kernel
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        s = A[i - 1][j];
        s = s + A[i][j - 1];
        A[i][j] = 0.5f * s;
      }
}

// CHECK: substitute-temporaries.c:[[@LINE-9]]:3: remark: skewed the loops into a wavefront: no loop of the nest can run in parallel, but the iterations with equal 2*t + i + j (loop 'wave', in order) can; loops 't', 'i' now run in parallel, 'j' is computed

// A temporary used inside a loop that writes nothing it reads: y = A x
// with the column loop outside, its x element named once per column.
void ax_cols(int n, int m, const float A[n][m], const float x[m], float y[n]) {
#pragma c2cuda kernel
  for (int j = 0; j < m; j++) {
    float xj = x[j];
    for (int i = 0; i < n; i++)
      y[i] += A[i][j] * xj;
  }
}

// CHECK: substitute-temporaries.c:[[@LINE-6]]:5: remark: substituted 'xj' into its uses, so that the loops around it can be restructured or mapped together
// CHECK: substitute-temporaries.c:[[@LINE-8]]:3: remark: restructured the loops: moved loop 'i' (line [[@LINE-6]]) outside loop 'j' (line [[@LINE-8]]); loop 'i' now runs in parallel
// IR-LABEL: function void ax_cols(
// IR:      {{^}}    for (int i = 0; i < n; ++i) {{{$}}
// IR-NEXT: {{^}}      for (int j = 0; j < m; ++j) {{{$}}
// IR-NEXT: {{^}}        y[i] += A[i][j] * x[j];{{$}}

// An accumulator set again in the loop after it is no temporary: its
// start must not replace the value the loop leaves.
void bmm(int n, int m, int p, const float X[2][n][p], const float Y[2][p][m], float Z[2][n][m]) {
#pragma c2cuda kernel
  for (int b = 0; b < 2; b++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++) {
        float acc = 0.0f;
        for (int k = 0; k < p; k++)
          acc += X[b][i][k] * Y[b][k][j];
        Z[b][i][j] = acc;
      }
}

// CHECK-NOT: remark: substituted 'acc'
// IR-LABEL: function void bmm(
// IR:      {{^}}        float acc = 0.0f;{{$}}
// IR:      {{^}}        Z[b][i][j] = acc;{{$}}

// Nothing moves, but substituted the loops are perfectly nested and both
// are mapped (as written, one thread per row walked the row). 'xi' is one
// load: repeated at its three uses.
void gauss_kernel(int n, int m, const float x[n], const float y[m], float G[n][m]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float xi = x[i];
    float xi2 = xi * xi;
    for (int j = 0; j < m; j++) {
      float d = xi - y[j];
      G[i][j] = expf(-d * d) + xi2;
    }
  }
}

// CHECK: substitute-temporaries.c:[[@LINE-9]]:5: remark: substituted 'xi' into its uses, so that the loops around it can be restructured or mapped together
// CHECK: substitute-temporaries.c:[[@LINE-11]]:3: remark: mapped j -> x, i -> y (2-D grid, block 32x8)

// ORACLE-COUNT-7: {{^}}CHECK {{[a-z_]+}} PASS
