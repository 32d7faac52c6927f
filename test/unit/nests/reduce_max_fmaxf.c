// Maximum through fmaxf.
// EXPECT: i reduction max m
#include <math.h>

void maximum(int n, const float *a, float *out) {
  float m = a[0];
#pragma c2cuda kernel
  for (int i = 1; i < n; i++)
    m = fmaxf(m, a[i]);
  out[0] = m;
}
