// Loops whose body runs on one residue of an iterator run over those
// iterations only (restructure/CompressModularGuards.h). The forms of
// benchmarks/parity/variants.c (a red-black sweep's colour test and the same
// sweep stepping over one colour from a start that depends on the row,
// every fourth column, odd rows, checkerboards), and here: residues of
// negative values, which keep C's meaning (`j % 3 == -1` holds for j = -1,
// -4, ..., never for j = 2), long iterators with a residue on each side,
// `j % 2` and `!(x % 3)` as tests, stepped starts above and below the
// diagonal (least values from the loops' bounding box, symbolic too), and
// a stepped start with a flattened index, which keeps the index as written
// and tests each value of j.

void negative(int n, int r, const float *a, float *b) { // gpu-check: a[2*n] b[2*n]
#pragma c2cuda kernel
  for (int j = -n; j < n; j++)
    if ((r - j) % 3 == -1)
      b[j + n] = a[j + n] + 1.0f;
}

void mixed(int n, int m, const float a[n + 1][m + 1], float b[n + 1][m + 1],
           float *c) { // gpu-check: c[n*(m+2)]
#pragma c2cuda kernel
  for (long i = 0; i <= n; i++)
    for (long j = 1; j <= m; j++)
      if (j % 2 == i % 2 && (2 * i + j) % 3 != 0)
        b[i][j] = a[i][j] * 0.5f;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = i % 3 - 2; j < m; j += 3)
      c[i * (m + 2) + j + 2] = 1.0f + j;
}

void truthy(int n, int m, float A[n][m]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      if (j % 2)
        A[i][j] = 1;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = -m; j < 0; j++)
      if (!((i - j) % 3))
        A[i][j + m] = 2;
}

void tri(int n, float A[n][n], const float B[n][n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j += 2)
      A[i][j] = B[j][i] + 1.0f;
#pragma endscop
}

void diag(int n, int m, float A[n][m]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 2 * i; j < m; j += 2)
      A[i][j] = 1.0f + i;
#pragma endscop
}

void anti(int n, int m, float A[n][m]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = n - i; j < m; j += 2)
      A[i][j] = 2.0f + j;
#pragma endscop
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck --check-prefix=REMARK %s
// REMARK: modular-guards.c:16:5: remark: the branch on '(r - j) % 3 == -1' runs one iteration of 'j' in 3: 'j' now counts those iterations only, so consecutive threads run consecutive iterations that take the branch
// REMARK: modular-guards.c:25:7: remark: the branch on 'j % (long long)2 == i % (long long)2' runs one iteration of 'j' in 2
// REMARK: modular-guards.c:29:5: remark: 'j' steps by 3 from 'i % 3 - 2', which depends on an outer loop: it now runs every value from '-2' and keeps one in 3, so the grid can cover it (an index such as i * m + j stays as written)
// REMARK: modular-guards.c:37:7: remark: the branch on 'j % 2' runs one iteration of 'j' in 2
// REMARK: modular-guards.c:42:7: remark: the branch on '!((i - j) % 3)' runs one iteration of 'j' in 3
// REMARK: modular-guards.c:49:5: remark: 'j' steps by 2 from 'i + 1', which depends on an outer loop: it now counts its iterations from 0, so the grid can cover it
// REMARK: modular-guards.c:57:5: remark: 'j' steps by 2 from '2 * i', which depends on an outer loop
// REMARK: modular-guards.c:65:5: remark: 'j' steps by 2 from 'n - i', which depends on an outer loop
// REMARK: modular-guards.c:15:3: remark: mapped j -> x (1-D grid, block 256)
// REMARK: modular-guards.c:28:3: remark: mapped j -> x, i -> y (2-D grid, block 32x8)
// REMARK: modular-guards.c:48:3: remark: mapped j -> x, i -> y (2-D grid, block 32x8)

// RUN: %c2cuda %srcroot/benchmarks/parity/variants.c -o %t-parity.cu 2>&1 | FileCheck --check-prefix=PARITY %s
// Strided by the branch as written, not by the mapping: not 'uncoalesced'.
// RUN: %c2cuda -q -Werror=uncoalesced %srcroot/benchmarks/parity/variants.c -o %t-parity2.cu
// PARITY: variants.c:14:11: remark: the branch on '(i + j) % 2 == c' runs one iteration of 'j' in 2
// PARITY: variants.c:26:9: remark: 'j' steps by 2 from '1 + (i + 1 + c) % 2', which depends on an outer loop
// PARITY: variants.c:37:7: remark: the branch on 'j % 4 == 0' runs one iteration of 'j' in 4
// PARITY: variants.c:58:7: remark: the branch on 'i % 2 == 1' runs one iteration of 'i' in 2
// PARITY: variants.c:12:7: remark: mapped j -> x, i -> y (2-D grid, block 32x8)
// PARITY: variants.c:12:7: remark: j counts one iteration in 2 of the loop as written, those its residue test or step selects; on x
// PARITY: variants.c:12:7: remark: tiled: blocks run tiles of 32 (j) x 32 (i), 256 threads each
// PARITY: variants.c:25:7: remark: mapped j -> x, i -> y (2-D grid, block 32x8)
// PARITY: variants.c:56:3: remark: mapped j -> x, i -> y (2-D grid, block 32x8)
// PARITY: variants.c:56:3: remark: j is contiguous in B, A; on x

// The CPU oracle runs the lowered kernels against the C as written, with
// the default schedule and random ones, at sizes where the bounds are odd,
// even and tiny.
// RUN: %c2cuda-check %s --size n=37,m=13,r=5 --trials 2 --random-schedules 3 2>/dev/null | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size n=4,m=2,r=-7 --trials 2 --random-schedules 2 2>/dev/null | FileCheck --check-prefix=ORACLE2 %s
// RUN: %c2cuda-check %srcroot/benchmarks/parity/variants.c --size n=37,m=13,tsteps=3 --trials 2 --random-schedules 3 2>/dev/null | FileCheck --check-prefix=ORACLE3 %s
// RUN: %c2cuda-check %srcroot/benchmarks/parity/variants.c --size n=4,m=3,tsteps=2 --trials 1 --random-schedules 2 2>/dev/null | FileCheck --check-prefix=ORACLE4 %s
// ORACLE-COUNT-24: {{^}}CHECK {{[a-z_0-9]+}} PASS
// ORACLE-NOT: FAIL
// ORACLE2-COUNT-18: {{^}}CHECK {{[a-z_0-9]+}} PASS
// ORACLE2-NOT: FAIL
// ORACLE3-COUNT-24: {{^}}CHECK {{[a-z_0-9]+}} PASS
// ORACLE3-NOT: FAIL
// ORACLE4-COUNT-18: {{^}}CHECK {{[a-z_0-9]+}} PASS
// ORACLE4-NOT: FAIL
