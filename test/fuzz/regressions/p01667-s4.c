/* p01667 (gen_programs.py --seed 8202, program 1667), schedule 4; n=9 m=4 */
#include <math.h>

void f(int n, int m, const float A[n], int *C) {
#pragma scop
  for (int i = 0; i < m - 1; i++) {
    for (int j = 2; j < n; j++) {
      C[n * i + j] = 0;
      for (int k = 0; k < n; k++) {
        C[n * i + j] += C[n * i + j] + (int)A[(j - 2)];
      }
    }
  }
#pragma endscop
}
