// JoinStripMinedLoops runs each pair of a loop tiled by hand and its point
// loop as one loop, in the tile loop's place, where isl finds the new order
// runs every dependence's source first; the GPU mapping chooses the tiles.
// RUN: %c2cuda-opt %s -passes= | FileCheck %s --check-prefix=BEFORE
// RUN: %c2cuda-opt %s -passes=JoinStripMinedLoops 2>&1 | FileCheck %s
// RUN: %c2cuda-opt %s -passes=JoinStripMinedLoops 2>&1 | FileCheck %s --check-prefix=REMARK

#define MIN(a, b) ((a) < (b) ? (a) : (b))

// The reduction loop is tiled too: joined, each sum still runs k upwards.
void matmul(int n, const float A[n][n], const float B[n][n], float C[n][n]) {
#pragma scop
  for (int ii = 0; ii < n; ii += 16)
    for (int jj = 0; jj < n; jj += 16)
      for (int kk = 0; kk < n; kk += 16)
        for (int i = ii; i < MIN(ii + 16, n); i++)
          for (int j = jj; j < n && j < jj + 16; j++)
            for (int k = kk; k < MIN(kk + 16, n); k++)
              C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}

// BEFORE:      {{^}}  nest 0 at {{.*}}join-strip-mined-loops.c:13:3 {{{$}}
// BEFORE-NEXT: {{^}}    for (int ii = 0; ii < n; ii += 16) {{{$}}

// CHECK:      {{^}}  nest 0 at {{.*}}join-strip-mined-loops.c:13:3 {{{$}}
// CHECK-NEXT: {{^}}    for (int i = 0; i < n; ++i) {{{$}}
// CHECK-NEXT: {{^}}      for (int j = 0; j < n; ++j) {{{$}}
// CHECK-NEXT: {{^}}        for (int k = 0; k < n; ++k) {{{$}}
// CHECK-NEXT: {{^}}          C[i][j] += A[i][k] * B[k][j];{{$}}

// The last tile ends past n when n is not a multiple of 4: so does the
// joined loop, and the branch inside keeps the points out.
void transpose(int n, int m, const double A[n][m], double B[m][n]) {
#pragma scop
  for (int ii = 0; ii < n; ii += 4)
    for (int jj = 0; jj < m; jj += 4)
      for (int i = ii; i < ii + 4; i++)
        for (int j = jj; j < jj + 4; j++)
          if (i < n && j < m)
            B[j][i] = A[i][j];
#pragma endscop
}

// CHECK:      {{^}}  nest 0 at {{.*}}join-strip-mined-loops.c:36:3 {{{$}}
// CHECK-NEXT: {{^}}    for (int i = 0; i < (n + 3) / 4 * 4; ++i) {{{$}}
// CHECK-NEXT: {{^}}      for (int j = 0; j < (m + 3) / 4 * 4; ++j) {{{$}}

// A 9-point Gauss-Seidel sweep over tiles reads A[i - 1][j + 1] before the
// tile to its right writes it; row by row, after: kept as written.
void seidel9(int n, float A[n][n]) {
#pragma scop
  for (int ii = 1; ii < n - 1; ii += 8)
    for (int jj = 1; jj < n - 1; jj += 8)
      for (int i = ii; i < MIN(ii + 8, n - 1); i++)
        for (int j = jj; j < MIN(jj + 8, n - 1); j++)
          A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] +
                     A[i][j - 1] + A[i][j] + A[i][j + 1] + A[i + 1][j - 1] +
                     A[i + 1][j] + A[i + 1][j + 1]) / 9.0f;
#pragma endscop
}

// CHECK:      {{^}}  nest 0 at {{.*}}join-strip-mined-loops.c:53:3 {{{$}}
// CHECK-NEXT: {{^}}    for (int ii = 1; ii < n - 1; ii += 8) {{{$}}

// The 5-point sweep reads no element the tile to its right writes: joined.
void seidel5(int n, float A[n][n]) {
#pragma scop
  for (int ii = 1; ii < n - 1; ii += 8)
    for (int jj = 1; jj < n - 1; jj += 8)
      for (int i = ii; i < MIN(ii + 8, n - 1); i++)
        for (int j = jj; j < MIN(jj + 8, n - 1); j++)
          A[i][j] = 0.2f * (A[i][j] + A[i - 1][j] + A[i + 1][j] +
                            A[i][j - 1] + A[i][j + 1]);
#pragma endscop
}

// CHECK:      {{^}}  nest 0 at {{.*}}join-strip-mined-loops.c:69:3 {{{$}}
// CHECK-NEXT: {{^}}    for (int i = 1; i < n - 1; ++i) {{{$}}
// CHECK-NEXT: {{^}}      for (int j = 1; j < n - 1; ++j) {{{$}}

// The body reads the tile iterator: kept.
void offsets(int n, float a[n]) {
#pragma scop
  for (int ii = 0; ii < n; ii += 8)
    for (int i = ii; i < MIN(ii + 8, n); i++)
      a[i] = a[i] + (float)ii;
#pragma endscop
}

// CHECK:      {{^}}  nest 0 at {{.*}}join-strip-mined-loops.c:85:3 {{{$}}
// CHECK-NEXT: {{^}}    for (int ii = 0; ii < n; ii += 8) {{{$}}

// A point loop bounded by another tile's end is not this tile's: kept.
void other_end(int n, float a[n]) {
#pragma scop
  for (int ii = 0; ii < n; ii += 8)
    for (int i = ii; i < MIN(ii + 4, n); i++)
      a[i] = 2.0f * a[i];
#pragma endscop
}

// CHECK:      {{^}}  nest 0 at {{.*}}join-strip-mined-loops.c:97:3 {{{$}}
// CHECK-NEXT: {{^}}    for (int ii = 0; ii < n; ii += 8) {{{$}}

// REMARK: join-strip-mined-loops.c:13:3: remark: joined the loops tiled by hand back into one loop each ('ii' with 'i', 'jj' with 'j', 'kk' with 'k'): the GPU mapping chooses the tiles
// REMARK: join-strip-mined-loops.c:36:3: remark: joined the loops tiled by hand back into one loop each ('ii' with 'i', 'jj' with 'j'): the GPU mapping chooses the tiles
// REMARK: join-strip-mined-loops.c:53:3: remark: kept the loops tiled by hand as written ('ii' with 'i', 'jj' with 'j'): run as one loop, they would reorder iterations that depend on each other
// REMARK: join-strip-mined-loops.c:69:3: remark: joined the loops tiled by hand back into one loop each ('ii' with 'i', 'jj' with 'j'): the GPU mapping chooses the tiles
// REMARK: join-strip-mined-loops.c:{{1[0-9][0-9]}}:3: remark: joined the loops tiled by hand back into one loop each ('ii' with 'i', 'jj' with 'j'): the GPU mapping chooses the tiles
// REMARK-NOT: remark

// A tile loop starting at an outer iterator: joined before
// CompressModularGuards would turn it into a count of tiles.
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: %c2cuda-check %s --size n=37,m=29 --trials 2 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL --implicit-check-not=UNSUPPORTED
// ORACLE-COUNT-21: {{^}}CHECK {{[a-z0-9_]+}} PASS
void lu(int n, float A[n][n]) {
#pragma scop
  for (int k = 0; k < n; k++)
    for (int ii = k + 1; ii < n; ii += 8)
      for (int jj = k + 1; jj < n; jj += 8)
        for (int i = ii; i < MIN(ii + 8, n); i++)
          for (int j = jj; j < MIN(jj + 8, n); j++)
            A[i][j] -= A[i][k] * A[k][j] / (A[k][k] + (float)n);
#pragma endscop
}
// FULL: join-strip-mined-loops.c:[[@LINE-8]]:3: remark: joined the loops tiled by hand back into one loop each ('ii' with 'i', 'jj' with 'j'): the GPU mapping chooses the tiles
