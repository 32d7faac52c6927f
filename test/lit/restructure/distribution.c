// A sequential loop whose statements could run in parallel apart is
// distributed (restructure/RestructureNests.h): consecutive statements stay
// together while that keeps their parallel loops, each group gets a copy
// of the loop, and each copy is restructured. Legal only when no
// dependence runs from a later group back to an earlier one.

// atax: tmp = A x, then y = A^T tmp accumulated across i. The i loop
// carries the y[j] reduction, so as written the nest is one thread.
void atax(int m, int n, const float A[m][n], const float x[n], float y[n],
          float tmp[m]) {
#pragma scop
  for (int j = 0; j < n; j++)
    y[j] = 0.0f;
  for (int i = 0; i < m; i++) {
    tmp[i] = 0.0f;
    for (int j = 0; j < n; j++)
      tmp[i] += A[i][j] * x[j];
    for (int j = 0; j < n; j++)
      y[j] += A[i][j] * tmp[i];
  }
#pragma endscop
}

// b[i - 1] is written by the second statement one iteration before the
// first reads it: splitting the loop would read b before it is written.
void carried(int n, float a[n], float b[n], const float c[n]) {
#pragma scop
  for (int i = 1; i < n; i++) {
    a[i] = b[i - 1] * 0.5f;
    b[i] = a[i] + c[i];
    for (int j = 0; j < 4; j++)
      a[i] += c[j];
  }
#pragma endscop
}

// bicg: s = A^T r and q = A p in one sweep over A. The j loop holds both
// reductions (s[j] across i, q[i] across j), so no loop is parallel as
// written: the j loop is split into a loop per statement first, then i is
// distributed, and the s part interchanged.
void bicg(int m, int n, const float A[n][m], float s[m], float q[n],
          const float p[m], const float r[n]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    q[i] = 0.0f;
    for (int j = 0; j < m; j++) {
      s[j] += r[i] * A[i][j];
      q[i] += A[i][j] * p[j];
    }
  }
#pragma endscop
}

// Split apart, the first loop would read b[i][j - 1] before the second
// writes it: the j loop stays whole (and the nest becomes a wavefront).
void chained(int n, float a[n][n], float b[n][n], const float c[n]) {
#pragma scop
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++) {
      a[i][j] = a[i - 1][j] + b[i][j - 1];
      b[i][j] = c[j] * 0.5f + a[i][j];
    }
#pragma endscop
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck --check-prefix=REMARK --implicit-check-not='restructured the loops' --implicit-check-not=distributed %s
// REMARK: {{^}}{{.*}}distribution.c:14:3: remark: distributed loop 'i' into 2 loops, so that the statements that can run in parallel do{{$}}
// REMARK: {{^}}{{.*}}distribution.c:14:3: remark: restructured the loops: moved loop 'j' (line 18) outside loop 'i' (line 14); loop 'j' now runs in parallel{{$}}
// REMARK: {{^}}{{.*}}distribution.c:44:3: remark: distributed loop 'i' into 3 loops, so that the statements that can run in parallel do{{$}}
// REMARK: {{^}}{{.*}}distribution.c:44:3: remark: restructured the loops: moved loop 'j' (line 46) outside loop 'i' (line 44); loop 'j' now runs in parallel{{$}}
// REMARK: {{^}}{{.*}}distribution.c:58:3: remark: skewed the loops into a wavefront: no loop of the nest can run in parallel, but the iterations with equal i + j (loop 'wave', in order) can; loop 'i' now runs in parallel, 'j' is computed{{$}}
// REMARK: {{^}}{{.*}}distribution.c:14:3: remark: mapped i -> x (1-D grid, block 256){{$}}
// REMARK: {{^}}{{.*}}distribution.c:18:5: remark: mapped j -> x (1-D grid, block 256){{$}}
// REMARK: {{^}}{{.*}}distribution.c:28:3: remark: no parallel loop: {{.*}}; runs as a single thread{{$}}
// REMARK: {{^}}{{.*}}distribution.c:44:3: remark: mapped i -> x (1-D grid, block 256){{$}}
// REMARK: {{^}}{{.*}}distribution.c:46:5: remark: mapped j -> x (1-D grid, block 256){{$}}
// REMARK: {{^}}{{.*}}distribution.c:44:3: remark: mapped i -> x (1-D grid, block 256){{$}}
// RUN: %c2cuda-check %s --size m=13,n=17 --trials 3 2>/dev/null | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size m=1,n=1 --trials 1 2>/dev/null | FileCheck --check-prefix=ORACLE %s
// ORACLE-COUNT-4: {{^}}CHECK {{[a-z]+}} PASS
