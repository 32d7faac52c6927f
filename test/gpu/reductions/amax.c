/* The largest element: a 'max' reduction through fmaxf, allowed by its
 * clause (CUDA has no float atomicMax: a compare-and-swap loop). */
#include <math.h>

void amax(int n, const float *x, float *out) {
  float m = -3.0e38f;
#pragma c2cuda kernel reduction(max: m)
  for (int i = 0; i < n; i++)
    m = fmaxf(m, x[i]);
  out[0] = m;
}
