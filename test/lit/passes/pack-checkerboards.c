// PackCheckerboards: a 2-D array that a kernel inside a host loop sweeps one
// colour of (i + j) % 2 at a time is indexed in the packed checkerboard
// layout, each colour a dense n x (m + 1) / 2 array; the column's even
// terms (2 * j) leave the parity and the shift.
// RUN: %c2cuda-opt %s -passes=CompressModularGuards,HoistHostLoops,MapToGrid | FileCheck %s --check-prefix=BEFORE
// RUN: %c2cuda-opt %s -passes=CompressModularGuards,HoistHostLoops,MapToGrid,PackCheckerboards 2>&1 | FileCheck %s

void sweeps(int steps, int n, int m, float A[n][m]) {
#pragma c2cuda kernel
  for (int t = 0; t < steps; t++)
    for (int c = 0; c < 2; c++)
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < m - 1; j++)
          if ((i + j) % 2 == c)
            A[i][j] = 0.25f * (A[i - 1][j] + A[i + 1][j]);
}

// BEFORE-NOT: checkerboard
// BEFORE: {{^}}      A[i][1 + ((c - i - 1) & 1) + 2 * j] = 0.25f * (A[i - 1][1 + ((c - i - 1) & 1) + 2 * j] + A[i + 1][1 + ((c - i - 1) & 1) + 2 * j]);{{$}}

// CHECK:      {{^}}lowered sweeps {{{$}}
// CHECK-NEXT: {{^}}  checkerboard A: n x m packed by colour{{$}}
// CHECK:      {{^}}      A[((long long)i + ((long long)((c - i - 1) & 1) + 1LL) & 1LL) * ((long long)n * (((long long)m + 1LL) / 2LL)) + (long long)i * (((long long)m + 1LL) / 2LL) + (((long long)((c - i - 1) & 1) + 1LL >> 1LL) + (long long)j)] = 0.25f * (A[((long long)(i - 1) + {{.*}} + (long long)(i - 1) * (((long long)m + 1LL) / 2LL) + {{.*}}]);{{$}}
// CHECK:      {{^}}{{.*}}pack-checkerboards.c:12:7: remark: 'A' in the packed checkerboard layout: each colour of (i + j) % 2 a dense array, so a sweep of one colour moves only its points (packed when sweeps starts, unpacked when it ends; --no-checkerboard-layout keeps the caller's layout){{$}}
