/* s9202-p00000: gen_programs.py --seed 9202, program 0; n=5 m=7 */
#include <math.h>

void f(int n, int m, const float *A, float *B, float *C, float *D) {
#pragma c2cuda kernel
  for (int i = 0; i < m; i += 2) {
    D[i * n + 0] = 0.0f;
    for (int j = 2; j < m; j++) {
      D[i * n + 0] += A[(j / 2) * n + 3 * i];
    }
  }
#pragma c2cuda kernel
  for (int i = 0; i < m - 1; i++) {
    B[n * 0 + 0] += (C[i] - 0.25f) * A[i * n + 0];
  }
}
