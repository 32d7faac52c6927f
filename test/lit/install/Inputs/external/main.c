/* Calls saxpy(), which c2cuda_add_sources() turned into CUDA. */
#include <stdio.h>

#include "saxpy.h"

#define N (1 << 20)
static float x[N], y[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    x[i] = (float)(i % 1000);
    y[i] = 1.0f;
  }
  saxpy(N, 2.0f, x, y);
  /* y[0] = 1 + offset; every element must be 2 * x + 1 + offset. */
  float offset = y[0] - 1.0f;
  int bad = 0;
  for (int i = 0; i < N; i++)
    if (y[i] != 2.0f * x[i] + 1.0f + offset)
      bad++;
  printf("saxpy: n=%d y[0]=%g y[1]=%g y[%d]=%g mismatches=%d\n", N,
         (double)y[0], (double)y[1], N - 1, (double)y[N - 1], bad);
  return bad != 0;
}
