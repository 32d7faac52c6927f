/* Checks amax() from the emitted CUDA against the C loop run in float64.
 * A maximum does not round: the result must be exactly the largest
 * element (or the start value -3e38 for n = 0). NaN never passes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

void amax(int n, const float *x, float *out);

static int check(int n, double lo, double hi) {
  float *x = (float *)malloc(sizeof(float) * (n ? n : 1));
  float out = NAN;
  double ref = -3.0e38f;
  for (int i = 0; i < n; i++) {
    x[i] = (float)(lo + (hi - lo) * (rand() / (double)RAND_MAX));
    ref = fmax(ref, (double)x[i]);
  }
  amax(n, x, &out);
  int ok = !isnan(out) && (double)out == ref;
  printf("%s amax n=%d range=[%g,%g] got=%.9g ref=%.9g\n", ok ? "PASS" : "FAIL",
         n, lo, hi, (double)out, ref);
  free(x);
  return ok;
}

int main(void) {
  unsigned seed = (unsigned)time(NULL); /* Fresh inputs on every run. */
  printf("amax: seed %u\n", seed);
  srand(seed);
  int ok = 1;
  ok &= check(0, -1.0, 1.0);
  ok &= check(1, -1.0, 1.0);
  ok &= check(1000, -1000.0, 1000.0);
  ok &= check(1 << 20, -1000.0, 1000.0);
  ok &= check(3000017, -5.0, -1.0); /* All negative: -0/+0 and sign bits. */
  return ok ? 0 : 1;
}
