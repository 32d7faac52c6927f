// A perfect nest none of whose loops can run in parallel (an in-place
// stencil) is skewed into a wavefront (restructure/RestructureNests.h): the
// iterations with equal c . (loop iterators) run in parallel, wavefront
// after wavefront on the host, for the smallest coefficients (the innermost
// one 1, so its iterator is computed) that every dependence crosses
// forward. isl checks them against the exact dependences.

// 9-point Gauss-Seidel over time: 4*t + 2*i + j.
void seidel(int T, int n, double A[n][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] +
                   A[i][j - 1] + A[i][j] + A[i][j + 1] + A[i + 1][j - 1] +
                   A[i + 1][j] + A[i + 1][j + 1]) /
                  9.0;
#pragma endscop
}

// 5-point, one sweep: i + j.
void sweep(int n, float B[n][n]) {
#pragma scop
  for (int i = 1; i <= n - 2; i++)
    for (int j = 1; j <= n - 2; j++)
      B[i][j] = 0.25f * (B[i - 1][j] + B[i][j - 1] + B[i + 1][j] + B[i][j + 1]);
#pragma endscop
}

// Counting down, with a triangular inner loop (an interval table filled
// from the short intervals up): -i + j.
void intervals(int n, float D[n][n]) {
#pragma scop
  for (int i = n - 2; i >= 0; i--)
    for (int j = i + 1; j < n; j++)
      D[i][j] = 0.5f * (D[i][j - 1] + D[i + 1][j]);
#pragma endscop
}

// Each row starts from the last element of the row before: the distance
// (1, j - n + 1) is unbounded, no small skew is legal; one thread.
void rows(int n, float C[n][n]) {
#pragma scop
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      C[i][j] = 0.5f * (C[i][j - 1] + C[i - 1][n - 1]);
#pragma endscop
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck --check-prefix=REMARK --implicit-check-not='skewed' %s
// REMARK: wavefront.c:11:3: remark: skewed the loops into a wavefront: no loop of the nest can run in parallel, but the iterations with equal 4*t + 2*i + j (loop 'wave', in order) can; loops 't', 'i' now run in parallel, 'j' is computed{{$}}
// REMARK: wavefront.c:24:3: remark: skewed the loops into a wavefront: no loop of the nest can run in parallel, but the iterations with equal i + j (loop 'wave', in order) can; loop 'i' now runs in parallel, 'j' is computed{{$}}
// REMARK: wavefront.c:34:3: remark: skewed the loops into a wavefront: no loop of the nest can run in parallel, but the iterations with equal -i + j (loop 'wave', in order) can; loop 'i' now runs in parallel, 'j' is computed{{$}}
// REMARK: wavefront.c:11:3: remark: mapped i -> x, t -> y (2-D grid, block 32x8){{$}}
// REMARK: wavefront.c:24:3: remark: mapped i -> x (1-D grid, block 256){{$}}
// REMARK: wavefront.c:34:3: remark: mapped i -> x (1-D grid, block 256){{$}}
// REMARK: wavefront.c:44:3: remark: no parallel loop: {{.*}}

// RUN: FileCheck --check-prefix=CUDA %s --input-file=%t.cu
// CUDA: {{^}}static void c2c_seidel_body(
// CUDA: {{^}}  for (long long wave = 3LL; wave <= 2LL * ((long long)(n - 1) - 1LL) + ((long long)(n - 1) - 1LL) + 4LL * ((long long)T - 1LL); ++wave) {{{$}}
// CUDA-LABEL: intervals_kernel0(
// CUDA: {{^}}          int i = c2c_base_i + c2c_t_x * -1;{{$}}
// CUDA-NEXT: {{^}}          int j = (int)(wave + (long long)i);{{$}}
// CUDA-NEXT: {{^}}          if (j >= i + 1 && j < n) {{{$}}
// CUDA: {{^}}static void c2c_intervals_body(
// CUDA: {{^}}  for (long long wave = -((long long)(n - 2) - 1LL); wave <= (long long)n - 1LL; ++wave) {{{$}}

// RUN: %c2cuda-check %s --size T=4,n=13 --trials 2 2>/dev/null | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size T=1,n=3 --trials 1 2>/dev/null | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size T=3,n=2 --trials 1 2>/dev/null | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size T=2,n=37 --trials 1 --random-schedules 4 2>/dev/null | FileCheck --check-prefix=ORACLE %s
// ORACLE-COUNT-4: {{^}}CHECK {{[a-z]+}} PASS
// ORACLE-NOT: FAIL

// RUN: %c2cuda --no-restructure %s -o %t.as-written.cu 2>&1 | FileCheck --check-prefix=ASWRITTEN --implicit-check-not=skewed %s
// ASWRITTEN: wavefront.c:11:3: remark: no parallel loop: {{.*}}

// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
