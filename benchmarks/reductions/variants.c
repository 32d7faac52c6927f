/* Whole-array reductions as users write them (benchmarks/reductions/run.sh),
   each allowed to reassociate. */
#include <math.h>

void sum(int n, const float *x, float *s) {
#pragma c2cuda kernel reduction(+: s)
  for (int i = 0; i < n; i++)
    s[0] += x[i];
}

void dot(int n, const float *x, const float *y, float *d) {
#pragma c2cuda kernel reduction(+: d)
  for (int i = 0; i < n; i++)
    d[0] += x[i] * y[i];
}

void amax(int n, const float *x, float *m) {
#pragma c2cuda kernel reduction(max: m)
  for (int i = 0; i < n; i++)
    m[0] = fmaxf(m[0], fabsf(x[i]));
}
