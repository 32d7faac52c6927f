/* Checks dot() from the emitted CUDA against a float64 reference.
 * The GPU adds the products in another order than the C loop, so the sum
 * rounds differently: it passes when |got - ref| <= 4 * sqrt(n) * 2^-24 *
 * (1 + sum |x_i y_i|): float rounding of n additions in any order, whose
 * errors add like a random walk (4 standard deviations), relative to the
 * magnitude of the terms (the sum itself may cancel to near zero). At
 * n = 1000 that is about 2e-3, so one product lost or added twice (about
 * 0.25) fails. NaN never passes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

void dot(int n, const float *x, const float *y, float *out);

static double uniform(void) { return 2.0 * rand() / (double)RAND_MAX - 1.0; }

static int check(int n) {
  float *x = (float *)malloc(sizeof(float) * (n ? n : 1));
  float *y = (float *)malloc(sizeof(float) * (n ? n : 1));
  float out = NAN;
  double ref = 1.0, mag = 1.0;
  for (int i = 0; i < n; i++) {
    x[i] = (float)uniform();
    y[i] = (float)uniform();
    ref += (double)x[i] * y[i];
    mag += fabs((double)x[i] * y[i]);
  }
  dot(n, x, y, &out);
  double err = fabs((double)out - ref);
  double tol = 4.0 * sqrt((double)(n > 1 ? n : 1)) * ldexp(1.0, -24) * mag;
  int ok = !isnan(out) && err <= tol;
  printf("%s dot n=%d got=%.9g ref=%.9g err=%.3g tol=%.3g\n",
         ok ? "PASS" : "FAIL", n, (double)out, ref, err, tol);
  free(x);
  free(y);
  return ok;
}

int main(void) {
  unsigned seed = (unsigned)time(NULL); /* Fresh inputs on every run. */
  printf("dot: seed %u\n", seed);
  srand(seed);
  int ok = 1;
  const int sizes[] = {0, 1, 1000, 1 << 20, 3000017};
  for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
    ok &= check(sizes[i]);
  return ok ? 0 : 1;
}
