/* p00182: gen_programs.py --seed 21, program 182; n=6 m=8 */
/* nvcc 13.0 -O2 miscompiles the single-thread kernel c2cuda emits for this
 * program (correct with -Xcicc -O0 or #pragma unroll 1 on the j loop); see
 * benchmarks/RESULTS.md, 2026-11-23. Kept to re-check newer toolkits. */
#include <math.h>

void f(int n, int m, const int A[m][m], int C[m][n], int D[m], int *E) {
#pragma scop
  for (int i = 2; i <= n - 1; i++) {
    for (int j = 2; j <= (m - 2) - 1; j++) {
      E[n * i + 0] = C[j][i] + 2;
      C[j][i] = E[n * i + 0] + (A[j][j] + (((j + 1) < m) ? C[(j + 1)][i] : 0));
      int t1 = ((j + 1) < m) ? (j % 4) : A[(j + 1)][(j - 2)];
      C[j][i] = C[j][i] + j;
      int t2 = A[(j - 1)][j] + C[j][i];
      D[j] = C[j][i] + i;
    }
  }
#pragma endscop
}
