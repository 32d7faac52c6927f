/* BLAS's isamax as a user writes it: where the first element of largest
 * magnitude is. */
#include <math.h>

void amax(int n, const float *x, int *at) {
  float m = -1.0f;
  int r = -1;
#pragma scop
  for (int i = 0; i < n; i++)
    if (fabsf(x[i]) > m) {
      m = fabsf(x[i]);
      r = i;
    }
#pragma endscop
  *at = r;
}
