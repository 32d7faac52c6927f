// A mapped loop that itself carries a reduction (C[0][0] over i) keeps one
// thread per i with atomic updates of C[0][0] (ParallelizeReductions): its
// inner reduction is not split over slices of threads (ReduceAcrossLanes),
// which left C[0][0]'s update unprotected (fuzz seed 9907, p00048: a race
// the CPU oracle found).
void f(int n, int m, float C[n][n], const float D[n][m]) {
#pragma c2cuda kernel reduction(+: t1, C)
  for (int i = 0; i < m - 2; i++) {
    float t1 = 0.0f;
    for (int j = 0; j < n; j++)
      t1 += (D[j][i] * 2.0f) * (float)(i + 1);
    C[0][0] = t1 + (D[0][i] + C[0][0]);
  }
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=slices
// CHECK: remark: reduction over i into C[0][0] (+) runs with atomic updates (allowed by 'reduction(+: C)'){{$}}
// RUN: %c2cuda-check %s --size n=6,m=16 --trials 4 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size n=70,m=300 --trials 2 --random-schedules 3 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// ORACLE: {{^}}CHECK f PASS
