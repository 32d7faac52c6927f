// A Jacobi step reads A[i*n + j] and the diagonal A[i*n + i]: i's stride in
// the diagonal, n + 1, is one row plus one column, so both references are
// A[i][...] of an n x n array (Delinearize.h) and the extent is n*n. Before,
// the two shapes disagreed and the extent of A could not be inferred.
// RUN: %c2cuda analyze %s | FileCheck %s
// RUN: %c2cuda -q %s -o %t.cu
// RUN: %c2cuda-check --size n=57 --trials 2 --random-schedules 2 %s | FileCheck %s --check-prefix=ORACLE

void jacobi_step(int n, const float *A, const float *b, const float *x,
                 float *xn) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float s = b[i];
    for (int j = 0; j < n; j++)
      if (j != i)
        s -= A[i * n + j] * x[j];
    xn[i] = s / A[i * n + i];
  }
}

// CHECK: {{^}}      A  float  read  extent (long long)n >= 2LL || (long long)n == 1LL ? (long long)n * (long long)n : 0LL{{$}}
// ORACLE: {{^}}CHECK jacobi_step PASS sched=2{{.*}}
