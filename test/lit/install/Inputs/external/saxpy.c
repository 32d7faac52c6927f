/* y = a * x + y (+ SAXPY_OFFSET, which the tests set through c2cuda's
   OPTIONS to see a changed option reach the generated CUDA). */
#include "saxpy.h"

#ifndef SAXPY_OFFSET
#define SAXPY_OFFSET 0.0f
#endif

void saxpy(int n, float a, const float *x, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i] + SAXPY_OFFSET;
}
