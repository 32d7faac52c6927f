// Loops whose body runs on one residue of an iterator run over those
// iterations only (restructure/CompressModularGuards.h): a red-black
// sweep's colour test, every fourth column, odd rows, a loop stepping over
// one colour from a start that depends on the row (which a 2-D grid could
// not cover: one thread per row before). Residues of negative values keep
// C's meaning (`j % 3 == -1` holds for j = -1, -4, ..., never for j = 2).

void rb_guard(int tsteps, int n, float A[n][n]) {
#pragma scop
  for (int t = 0; t < tsteps; t++)
    for (int c = 0; c < 2; c++)
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
          if ((i + j) % 2 == c)
            A[i][j] = 0.25f * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] +
                               A[i][j + 1]);
#pragma endscop
}

void rb_stepped(int tsteps, int n, float A[n][n]) {
#pragma scop
  for (int t = 0; t < tsteps; t++)
    for (int c = 0; c < 2; c++)
      for (int i = 1; i < n - 1; i++)
        for (int j = 1 + (i + 1 + c) % 2; j < n - 1; j += 2)
          A[i][j] = 0.25f * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] +
                             A[i][j + 1]);
#pragma endscop
}

void every4(int n, int m, const float A[n][m], float B[n][m]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      if (j % 4 == 0)
        B[i][j] = 2.0f * A[i][j] + 1.0f;
#pragma endscop
}

void odd_rows(int n, int m, const float A[n][m], float B[n][m]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      if (i % 2 == 1)
        B[i][j] = 3.0f * A[i][j];
#pragma endscop
}

void negative(int n, int r, const float *a, float *b) {
#pragma c2cuda kernel
  for (int j = -n; j < n; j++)
    if ((r - j) % 3 == -1)
      b[j + n] = a[j + n] + 1.0f;
}

void mixed(int n, int m, const float a[n + 1][m + 1], float b[n + 1][m + 1],
           float *c) {
#pragma c2cuda kernel
  for (long i = 0; i <= n; i++)
    for (long j = 1; j <= m; j++)
      if (j % 2 == i % 2 && (2 * i + j) % 3 != 0)
        b[i][j] = a[i][j] * 0.5f;
  // Left as written: a flattened index, which delinearization could not
  // split with a residue inside.
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = i % 3 - 2; j < m; j += 3)
      c[i * (m + 2) + j + 2] = 1.0f + j;
}

// REMARK: modular-guards.c:14:11: remark: the branch on '(i + j) % 2 == c' runs one iteration of 'j' in 2: 'j' now counts those iterations only, so consecutive threads run consecutive iterations that take the branch
// REMARK: modular-guards.c:25:9: remark: 'j' steps by 2 from '1 + (i + 1 + c) % 2', which depends on an outer loop: it now counts its iterations from 0, so the grid can cover it
// REMARK: modular-guards.c:35:7: remark: the branch on 'j % 4 == 0' runs one iteration of 'j' in 4
// REMARK: modular-guards.c:44:7: remark: the branch on 'i % 2 == 1' runs one iteration of 'i' in 2
// REMARK: modular-guards.c:52:5: remark: the branch on '(r - j) % 3 == -1' runs one iteration of 'j' in 3
// REMARK: modular-guards.c:61:7: remark: the branch on 'j % (long long)2 == i % (long long)2' runs one iteration of 'j' in 2
// REMARK-NOT: steps by 3
// REMARK: modular-guards.c:12:7: remark: mapped j -> x, i -> y (2-D grid, block 32x8)
// REMARK: modular-guards.c:12:7: remark: tiled: blocks run tiles of 32 (j) x 32 (i), 256 threads each
// REMARK: modular-guards.c:24:7: remark: mapped j -> x, i -> y (2-D grid, block 32x8)
// REMARK: modular-guards.c:33:3: remark: mapped j -> x, i -> y (2-D grid, block 32x8)
// REMARK: modular-guards.c:42:3: remark: mapped j -> x, i -> y (2-D grid, block 32x8)
// REMARK: modular-guards.c:42:3: remark: j is contiguous in B, A; on x
// REMARK: modular-guards.c:51:3: remark: mapped j -> x (1-D grid, block 256)
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck --check-prefix=REMARK %s

// The CPU oracle runs the lowered kernels against the C as written, with
// the default schedule and random ones, at sizes where the bounds are odd,
// even and tiny.
// RUN: %c2cuda-check %s --size n=37,m=13,tsteps=3,r=5 --trials 2 --random-schedules 3 2>/dev/null | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size n=4,m=2,tsteps=2,r=-7 --trials 2 --random-schedules 2 2>/dev/null | FileCheck --check-prefix=ORACLE2 %s
// ORACLE-COUNT-24: {{^}}CHECK {{[a-z_0-9]+}} PASS
// ORACLE-NOT: FAIL
// ORACLE2-COUNT-18: {{^}}CHECK {{[a-z_0-9]+}} PASS
// ORACLE2-NOT: FAIL
