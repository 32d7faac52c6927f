/* p00069-s1 minimised (p00069-s1.c), with E read before, inside and after
 * the strip-mined loop k: under p00069-s1-min.json, which stages A and E in
 * shared memory strip by strip, the reads before and after the loop read E
 * from global memory; test/lit/fuzz/schedule-regressions.test. n=9 m=11. */
void f(int n, int m, const float *A, float *D, float E[m][m]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n - 1; j++) {
      float t1 = E[0][0];
      for (int k = 0; k < m - 2; k++) {
        t1 += A[n * i + j] * E[0][0];
      }
      D[n * i + j] = t1 + E[0][0];
    }
  }
}
