/* p00069-s1: gen_programs.py --seed 1, program 69, under its random schedule 1
 * (run_differential.py --schedules 4; p00069-s1.json); n=9 m=11. The second
 * nest's schedule strip-mines k and stages E in shared memory, but E is read
 * only before the k loop (t1's initialiser): the tiles are loaded inside the
 * strip loop, so that read used shared memory no thread had written (a
 * race in the oracle, garbage on a GPU). shared(E) is now refused there;
 * test/lit/fuzz/schedule-regressions.test. */
#include <math.h>

void f(int n, int m, const float *A, float *B, float *D, float E[m][m]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    for (int j = 1; j < m; j++) {
      B[(i * m + j) * n + 0] = (B[(i * m + j - 1) * n + 0] * 0.5f) + (E[(j - 1)][j] - 0.25f);
    }
  }
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n - 1; j++) {
      float t1 = E[0][0];
      for (int k = 0; k < m - 2; k++) {
        t1 += 3.0f + (((i > 0) && (A[n * (i - 1) + j] > 1.0f)) ? 0.25f : 0.5f);
      }
      D[n * i + j] = t1;
    }
  }
}
