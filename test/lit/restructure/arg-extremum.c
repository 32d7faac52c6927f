// Searches for where a maximum or minimum is, `if (x > m) { m = x; at = i; }`,
// run as two reductions (restructure/SplitArgExtremum.h): the extremum,
// then the first (or, with >= and <=, the last) iteration holding it. The
// values compared here have many ties (floorf) and zeros of both signs
// (x * 0), so the oracle checks which position and which zero the C keeps.

#include <math.h>

void argmax_first(int n, const float *x, float *out, int *where) { // gpu-check: x[n] out[1] where[1]
  float m = -10.0f;
  int at = -1;
#pragma scop
  for (int i = 0; i < n; i++)
    if (floorf(x[i] * 3.0f) > m) {
      m = floorf(x[i] * 3.0f);
      at = i;
    }
#pragma endscop
  out[0] = m;
  where[0] = at;
}

void argmin_last(int n, const double *x, double *out, long *where) { // gpu-check: x[n] out[1] where[1]
  double m = x[0];
  long at = 0;
  int found = 0;
#pragma scop
  for (int i = 1; i < n; i++)
    if (m >= floor(x[i] * 2.0)) {
      at = i + 1;
      m = floor(x[i] * 2.0);
      found = 1;
    }
#pragma endscop
  out[0] = m;
  where[0] = at + found;
}

// Every value is a zero, of the sign of x[i] - 0.55 (the oracle draws x from
// [0.1, 1)): the first one wins, with its sign.
void signed_zero(int n, const float *x, float *out, int *where) { // gpu-check: x[n] out[1] where[1]
  float m = -1.0f;
  int at = -1;
#pragma scop
  for (int i = 0; i < n; i++)
    if ((x[i] - 0.55f) * 0.0f > m) {
      m = (x[i] - 0.55f) * 0.0f;
      at = i;
    }
#pragma endscop
  out[0] = copysignf(1.0f, m);
  where[0] = at;
}

// Counting down, the first iteration is the greatest i.
void from_the_end(int n, const int *a, int *where) { // gpu-check: a[n] where[2]
  int m = -1000;
  int at = -1;
#pragma scop
  for (int i = n - 1; i >= 0; i--)
    if (a[i] % 5 > m) {
      m = a[i] % 5;
      at = i;
    }
#pragma endscop
  where[0] = at;
  where[1] = m;
}

// The pivot search of LU with partial pivoting, inside the sequential k loop
// (which runs on the host): p and m are declared there, on the host too.
void lu_pivot(int n, double A[n][n], int piv[n]) {
#pragma scop
  for (int k = 0; k < n; k++) {
    int p = k;
    double m = fabs(A[k][k]);
    for (int i = k + 1; i < n; i++)
      if (fabs(A[i][k]) > m) {
        m = fabs(A[i][k]);
        p = i;
      }
    piv[k] = p;
    for (int j = 0; j < n; j++) {
      double t = A[k][j];
      A[k][j] = A[p][j];
      A[p][j] = t;
    }
    for (int i = k + 1; i < n; i++) {
      A[i][k] = A[i][k] / A[k][k];
      for (int j = k + 1; j < n; j++)
        A[i][j] -= A[i][k] * A[k][j];
    }
  }
#pragma endscop
}

// One search per row, reading the row along j: split too, since each row
// gets a warp (RowsPerWarp) and each of the two passes reads the row
// coalesced, where one thread per row read it with a stride of a row.
void row_argmin(int n, int m, const float A[n][m], int idx[n]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    float best = A[i][0];
    int b = 0;
    for (int j = 1; j < m; j++)
      if (A[i][j] < best) {
        best = A[i][j];
        b = j;
      }
    idx[i] = b;
  }
#pragma endscop
}

// Left as written: what the branch keeps beside the maximum reads an array.
void with_payload(int n, const float *x, const float *y, float *out) { // gpu-check: x[n] y[n] out[1]
  float m = -10.0f, v = 0.0f;
#pragma scop
  for (int i = 0; i < n; i++)
    if (x[i] > m) {
      m = x[i];
      v = y[i];
    }
#pragma endscop
  out[0] = v;
}

// With >= an element equal to the start moves the position too: the last
// one holding the maximum wins even where nothing beats the start (here
// in about a third of the rows: values % 3 tie often). Found by a probe of
// forms beyond examples/: the pick tested only c2c_best > best.
void row_argmax_ties(int n, int m, const int A[n][m], int idx[n]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    int best = A[i][0] % 3;
    int b = 0;
    for (int j = 1; j < m; j++)
      if (A[i][j] % 3 >= best) {
        best = A[i][j] % 3;
        b = j;
      }
    idx[i] = b;
  }
#pragma endscop
}

// A minimum with <= whose start every even element equals: the last even
// one's position, the start kept; where none is even, nothing changes.
void argmin_ties_start(int n, const int *a, int *where) { // gpu-check: a[n] where[2]
  int m = -1;
  int at = -5;
#pragma scop
  for (int i = 0; i < n; i++)
    if ((a[i] & 1) - 1 <= m) {
      m = (a[i] & 1) - 1;
      at = i;
    }
#pragma endscop
  where[0] = at;
  where[1] = m;
}

// Zeros of both signs, each equal to the start 0.0f: with >= the last one
// wins, with its sign.
void zero_ties_start(int n, const float *x, float *out, int *where) { // gpu-check: x[n] out[1] where[1]
  float m = 0.0f;
  int at = -1;
#pragma scop
  for (int i = 0; i < n; i++)
    if ((x[i] - 0.55f) * 0.0f >= m) {
      m = (x[i] - 0.55f) * 0.0f;
      at = i;
    }
#pragma endscop
  out[0] = copysignf(1.0f, m);
  where[0] = at;
}

// RUN: %c2cuda -Wserial-kernel %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not='runs as two'
// CHECK: {{^}}{{.*}}arg-extremum.c:13:3: remark: the search for the maximum of 'm' and where it is ('at') runs as two reductions: the maximum, then the first iteration holding it; both run in parallel{{$}}
// CHECK: {{^}}{{.*}}arg-extremum.c:28:3: remark: the search for the minimum of 'm' and where it is ('at', 'found') runs as two reductions: the minimum, then the last iteration holding it; both run in parallel{{$}}
// CHECK: {{^}}{{.*}}arg-extremum.c:45:3: remark: the search for the maximum of 'm' and where it is ('at') runs as two reductions: the maximum, then the first iteration holding it; both run in parallel{{$}}
// CHECK: {{^}}{{.*}}arg-extremum.c:60:3: remark: the search for the maximum of 'm' and where it is ('at') runs as two reductions: the maximum, then the first iteration holding it; both run in parallel{{$}}
// CHECK: {{^}}{{.*}}arg-extremum.c:77:5: remark: the search for the maximum of 'm' and where it is ('p') runs as two reductions: the maximum, then the first iteration holding it; both run in parallel{{$}}
// CHECK: {{^}}{{.*}}arg-extremum.c:105:5: remark: the search for the minimum of 'best' and where it is ('b') runs as two reductions: the minimum, then the first iteration holding it; both run in parallel{{$}}
// CHECK: {{^}}{{.*}}arg-extremum.c:137:5: remark: the search for the maximum of 'best' and where it is ('b') runs as two reductions: the maximum, then the last iteration holding it; both run in parallel{{$}}
// CHECK: {{^}}{{.*}}arg-extremum.c:153:3: remark: the search for the minimum of 'm' and where it is ('at') runs as two reductions: the minimum, then the last iteration holding it; both run in parallel{{$}}
// CHECK: {{^}}{{.*}}arg-extremum.c:169:3: remark: the search for the maximum of 'm' and where it is ('at') runs as two reductions: the maximum, then the last iteration holding it; both run in parallel{{$}}
// CHECK: {{^}}{{.*}}arg-extremum.c:13:3: remark: reduction over i into c2c_best0 (max) runs with atomic updates (allowed by its use: only the extremum's value is kept, which no order changes){{$}}
// CHECK: {{^}}{{.*}}arg-extremum.c:13:3: remark: reduction over i into c2c_at0 (min) runs with atomic updates (allowed by exact integer arithmetic){{$}}
// CHECK: {{^}}{{.*}}arg-extremum.c:28:3: remark: reduction over i into c2c_best0 (min) runs with atomic updates (allowed by its use: only the extremum's value is kept, which no order changes){{$}}
// CHECK: {{^}}{{.*}}arg-extremum.c:28:3: remark: reduction over i into c2c_at0 (max) runs with atomic updates (allowed by exact integer arithmetic){{$}}
// CHECK: {{^}}{{.*}}arg-extremum.c:60:3: remark: reduction over i into c2c_at0 (max) runs with atomic updates (allowed by exact integer arithmetic){{$}}
// `p = k`, the pivot's start `m = fabs(A[k][k])` (which reads the matrix)
// and the search's start: one thread.
// CHECK: {{^}}{{.*}}arg-extremum.c:75:5: warning: no parallel loop: the statements are not in a loop; runs as a single thread [-Wserial-kernel]{{$}}
// CHECK: {{^}}{{.*}}arg-extremum.c:77:5: remark: reduction over i into c2c_best0 (max) runs with atomic updates (allowed by its use: only the extremum's value is kept, which no order changes){{$}}
// CHECK: {{^}}{{.*}}arg-extremum.c:77:5: remark: reduction over i into c2c_at0 (min) runs with atomic updates (allowed by exact integer arithmetic){{$}}
// The pick, with `piv[k] = p`.
// CHECK: {{^}}{{.*}}arg-extremum.c:77:5: warning: no parallel loop: the statements are not in a loop; runs as a single thread [-Wserial-kernel]{{$}}
// CHECK: {{^}}{{.*}}arg-extremum.c:83:5: remark: mapped j -> x (1-D grid, block 256){{$}}
// CHECK: {{^}}{{.*}}arg-extremum.c:102:3: remark: mapped i -> warps (blocks of 32x8 threads, a warp per i){{.*}}{{$}}
// CHECK: {{^}}{{.*}}arg-extremum.c:119:3: warning: no parallel loop: m (read at {{.*}}) and m (written at {{.*}}) may touch the same variable in different iterations of 'i'; {{.*}}runs as a single thread [-Wserial-kernel]{{$}}
// RUN: %c2cuda-opt %s -passes=SplitArgExtremum 2>/dev/null | FileCheck %s --check-prefix=IR
// IR-LABEL: function void argmax_first(
// IR:      {{^}}    float c2c_best0 = m;{{$}}
// IR-NEXT: {{^}}    for (int i = 0; i < n; ++i) {{{$}}
// IR-NEXT: {{^}}      c2c_best0 = floorf(x[i] * 3.0f) > c2c_best0 ? floorf(x[i] * 3.0f) : c2c_best0;{{$}}
// IR-NEXT: {{^}}    }{{$}}
// IR-NEXT: {{^}}    long long c2c_at0 = (long long)n * 2LL + 1LL;{{$}}
// IR-NEXT: {{^}}    for (int i = 0; i < n; ++i) {{{$}}
// IR-NEXT: {{^}}      if (floorf(x[i] * 3.0f) == c2c_best0) {{{$}}
// IR-NEXT: {{^}}        c2c_at0 = (long long)i * 2LL + (long long)(copysignf(1.0f, floorf(x[i] * 3.0f)) < 0.0f) < c2c_at0 ? {{.*}} : c2c_at0;{{$}}
// IR:      {{^}}    if (c2c_best0 > m) {{{$}}
// IR-NEXT: {{^}}      m = copysignf(c2c_best0, (c2c_at0 & 1LL) != 0LL ? -1.0f : 1.0f);{{$}}
// IR-NEXT: {{^}}      at = (int)((c2c_at0 - (c2c_at0 & 1LL)) / 2LL);{{$}}
// IR-LABEL: function void from_the_end(
// IR:      {{^}}    long long c2c_at0 = (long long)0 * 2LL + 0LL;{{$}}
// IR-LABEL: function void row_argmin(
// IR:      {{^}}      float c2c_best0 = best;{{$}}
// IR-LABEL: function void with_payload(
// IR-NOT: c2c_best
// An equal value wins: the key starts below every iteration's, and the pick
// also runs where the maximum only equals the start and was found.
// IR-LABEL: function void row_argmax_ties(
// IR:      {{^}}      long long c2c_at0 = -9223372036854775807LL;{{$}}
// IR:      {{^}}      if (c2c_best0 > best || c2c_best0 == best && c2c_at0 != -9223372036854775807LL) {{{$}}
// IR-NEXT: {{^}}        best = c2c_best0;{{$}}
// IR-LABEL: function void argmin_ties_start(
// IR:      {{^}}    if (c2c_best0 < m || c2c_best0 == m && c2c_at0 != -9223372036854775807LL) {{{$}}
// RUN: %c2cuda-check %s --size n=37,m=13 --trials 4 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size n=1,m=1 --trials 1 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// ORACLE-COUNT-10: {{^}}CHECK {{[a-z_]+}} PASS
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
