/* s9101-p00069-s2: gen_programs.py --seed 9101, program 69 (schedule 2 of c2cuda-check --random-schedules); n=24 m=22 */
#include <math.h>

void f(int n, int m, float *B, float *E) {
#pragma scop
  for (int i = 0; i < n; i++) {
    B[i] = 0.0f;
    for (int j = 0; j < m; j++) {
      B[i] += 2.0f + E[n * i + 0];
    }
  }
#pragma endscop
}
