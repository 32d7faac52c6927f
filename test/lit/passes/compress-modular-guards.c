// CompressModularGuards runs a loop whose only statement is a branch on a
// residue of its iterator over the iterations the branch keeps, and a loop
// stepping from a start that depends on an outer loop over a count from 0.
// RUN: %c2cuda-opt %s -passes= | FileCheck %s --check-prefix=BEFORE
// RUN: %c2cuda-opt %s -passes=CompressModularGuards 2>&1 | FileCheck %s

void colour(int n, int c, float A[n][n]) {
#pragma c2cuda kernel
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      if ((i + j) % 2 == c)
        A[i][j] = 0.25f * (A[i - 1][j] + A[i + 1][j]);
}

// BEFORE:      {{^}}      for (int j = 1; j < n - 1; ++j) {{{$}}
// BEFORE-NEXT: {{^}}        if ((i + j) % 2 == c) {{{$}}

// The colour c is a parameter: its sign is unknown, so the test stays
// (C's % of a negative sum is negative); the first point of the class
// from 1 is 1 + ((c - i - 1) mod 2), printed with & for a power of two.
// CHECK-LABEL: function void colour(
// CHECK:      {{^}}      for (int j = 0; j < (n - 1 - 1 + 1) / 2; ++j) {{{$}}
// CHECK-NEXT: {{^}}        if (1 + ((c - i - 1) & 1) + 2 * j < n - 1 && (i + (1 + ((c - i - 1) & 1) + 2 * j)) % 2 == c) {{{$}}
// CHECK-NEXT: {{^}}          A[i][1 + ((c - i - 1) & 1) + 2 * j] = 0.25f * (A[i - 1][1 + ((c - i - 1) & 1) + 2 * j] + A[i + 1][1 + ((c - i - 1) & 1) + 2 * j]);{{$}}

void sweeps(int tsteps, int n, float A[n][n]) {
#pragma scop
  for (int t = 0; t < tsteps; t++)
    for (int c = 0; c < 2; c++)
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
          if ((i + j) % 2 == c)
            A[i][j] = 0.25f * (A[i - 1][j] + A[i + 1][j]);
#pragma endscop
}

// Here c runs 0 and 1 and i + j >= 2: the test holds on every point of
// the class, and goes.
// CHECK-LABEL: function void sweeps(
// CHECK:      {{^}}          for (int j = 0; j < (n - 1 - 1 + 1) / 2; ++j) {{{$}}
// CHECK-NEXT: {{^}}            if (1 + ((c - i - 1) & 1) + 2 * j < n - 1) {{{$}}

void sor(int tsteps, int n, float w, float A[n][n]) {
  float r;
#pragma scop
  for (int t = 0; t < tsteps; t++)
    for (int c = 0; c < 2; c++)
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
          if ((i + j) % 2 == c) {
            r = 0.25f * (A[i - 1][j] + A[i + 1][j]) - A[i][j];
            A[i][j] = A[i][j] + w * r;
          }
#pragma endscop
}

// A scalar declared outside the nest is private to each j: its
// declaration, without initializer, stands before the branch and moves
// into it, so the branch is still the loop's only statement.
// BEFORE-LABEL: function void sor(
// BEFORE:      {{^}}          for (int j = 1; j < n - 1; ++j) {{{$}}
// BEFORE-NEXT: {{^}}            float r;{{$}}
// BEFORE-NEXT: {{^}}            if ((i + j) % 2 == c) {{{$}}
// CHECK-LABEL: function void sor(
// CHECK:      {{^}}          for (int j = 0; j < (n - 1 - 1 + 1) / 2; ++j) {{{$}}
// CHECK-NEXT: {{^}}            if (1 + ((c - i - 1) & 1) + 2 * j < n - 1) {{{$}}
// CHECK-NEXT: {{^}}              float r;{{$}}
// CHECK-NEXT: {{^}}              r = 0.25f * (A[i - 1][1 + ((c - i - 1) & 1) + 2 * j] + {{.*}}

void every3(int n, int m, const float a[n][m + 1], float b[n][m + 1]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= m; j++)
      if (j >= 2 && 2 == j % 3)
        b[i][j] = a[i][j];
}

// The residue on the right, a bound with <=, literal offsets folded; the
// other test stays.
// CHECK-LABEL: function void every3(
// CHECK:      {{^}}      for (int j = 0; j < (m + 1 + 2) / 3; ++j) {{{$}}
// CHECK-NEXT: {{^}}        if (2 + 3 * j < m + 1 && 2 + 3 * j >= 2) {{{$}}
// CHECK-NEXT: {{^}}          b[i][2 + 3 * j] = a[i][2 + 3 * j];{{$}}

void rows(int n, int m, const float a[n][m], float b[n][m]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      if ((i & 3) == 1)
        b[i][j] = a[i][j];
}

// A test on the outer loop, through the inner one; & 3 is a residue of 4.
// CHECK-LABEL: function void rows(
// CHECK:      {{^}}    for (int i = 0; i < (n + 3) / 4; ++i) {{{$}}
// CHECK-NEXT: {{^}}      for (int j = 0; j < m; ++j) {{{$}}
// CHECK-NEXT: {{^}}        if (1 + 4 * i < n) {{{$}}

void stepped(int n, int c, float A[n][n]) {
#pragma c2cuda kernel
  for (int i = 1; i < n - 1; i++)
    for (int j = 1 + (i + c) % 2; j < n - 1; j += 2)
      A[i][j] = 0.5f * A[i][j - 1];
}

// The start 1 + (i + c) % 2 is at least 0 whatever the sign of i + c: the
// count starts there, and the guard drops what passes n - 1.
// CHECK-LABEL: function void stepped(
// CHECK:      {{^}}      for (int j = 0; j < (n - 1 + 1) / 2; ++j) {{{$}}
// CHECK-NEXT: {{^}}        if (1 + (i + c) % 2 + 2 * j < n - 1) {{{$}}
// CHECK-NEXT: {{^}}          A[i][1 + (i + c) % 2 + 2 * j] = 0.5f * A[i][1 + (i + c) % 2 + 2 * j - 1];{{$}}

void tests(int n, int m, float A[n][m]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      if (j % 2)
        A[i][j] = 1;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < m; j += 2)
      A[i][j] = 2;
}

// `j % 2` holds exactly on the odd class (any sign): the test goes. A start
// above the diagonal counts from its least value, i + 1 >= 1.
// CHECK-LABEL: function void tests(
// CHECK:      {{^}}      for (int j = 0; j < (m + 1) / 2; ++j) {{{$}}
// CHECK-NEXT: {{^}}        if (1 + 2 * j < m) {{{$}}
// CHECK-NEXT: {{^}}          A[i][1 + 2 * j] = (float)1;{{$}}
// CHECK:      {{^}}      for (int j = 0; j < (m - 1 + 1) / 2; ++j) {{{$}}
// CHECK-NEXT: {{^}}        if (i + 1 + 2 * j < m) {{{$}}
// CHECK-NEXT: {{^}}          A[i][i + 1 + 2 * j] = (float)2;{{$}}

void flat(int n, int m, float *b) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = i % 2; j < m; j += 2)
      b[i * m + j] = 1;
}

// A stepped start with a flattened index: j runs every value from the bound
// below its start and keeps those of its class; b's index stays affine.
// CHECK-LABEL: function void flat(
// CHECK:      {{^}}      for (int j = -1; j < m; ++j) {{{$}}
// CHECK-NEXT: {{^}}        if (j >= i % 2 && (j - i % 2) % 2 == 0) {{{$}}
// CHECK-NEXT: {{^}}          b[i * m + j] = (float)1;{{$}}

// Left as they are: a branch with an else, a second statement, a residue
// compared with an element the loop writes, a stepping start that is not
// affine (i * i: no least value from the loops' box), and a flattened index
// (delinearizing i * m + j cannot see through a residue).
void kept(int n, int m, float *a, float *b, int *r) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      if (j % 2 == 0)
        b[i * m + j] = 1;
      else
        b[i * m + j] = 2;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      if (j % 2 == 0)
        b[i * m + j] = 1;
      a[i * m + j] = 0;
    }
#pragma c2cuda kernel
  for (int j = 0; j < m; j++)
    if (j % 2 == r[0])
      r[0] = j;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = i * i; j < m; j += 2)
      b[i * m + j] = 1;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      if (j % 2 == 1)
        b[i * m + j] = 3;
}

// CHECK-LABEL: function void kept(
// CHECK:      {{^}}      for (int j = 0; j < m; ++j) {{{$}}
// CHECK-NEXT: {{^}}        if (j % 2 == 0) {{{$}}
// CHECK:      {{^}}      for (int j = 0; j < m; ++j) {{{$}}
// CHECK-NEXT: {{^}}        if (j % 2 == 0) {{{$}}
// CHECK:      {{^}}    for (int j = 0; j < m; ++j) {{{$}}
// CHECK-NEXT: {{^}}      if (j % 2 == r[0]) {{{$}}
// CHECK:      {{^}}      for (int j = i * i; j < m; j += 2) {{{$}}
// CHECK:      {{^}}      for (int j = 0; j < m; ++j) {{{$}}
// CHECK-NEXT: {{^}}        if (j % 2 == 1) {{{$}}

// CHECK: remark: the branch on '(i + j) % 2 == c' runs one iteration of 'j' in 2: 'j' now counts those iterations only, so consecutive threads run consecutive iterations that take the branch
// CHECK: remark: 'j' steps by 2 from '1 + (i + c) % 2', which depends on an outer loop: it now counts its iterations from 0, so the grid can cover it
