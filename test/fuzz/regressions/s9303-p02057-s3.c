/* s9303-p02057-s3: gen_programs.py --seed 9303, program 2057 (schedule 3 of c2cuda-check --random-schedules); n=2 m=1 */
#include <math.h>

void f(int n, int m, int *A, float *B, int *C) {
#pragma c2cuda kernel
  for (int i = 0; i < n - 1; i++) {
    for (int j = 0; j < n - 2; j++) {
      C[n * i + 0] += (A[0 + (i / 2) * m] > i) ? A[0 + (i / 2) * m] : i;
    }
  }
#pragma c2cuda kernel
  for (int i = 0; i < n - 1; i++) {
    B[i] = (B[i + 1] * 0.5f) + (float)(A[0 + (2 * i) * m] + 9);
  }
}
