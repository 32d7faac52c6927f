// Runs classify (c2cuda's CUDA) and classify_ref (the C) on values of every
// class (NaN, +-inf, zero, subnormal, normal) and compares the results
// exactly.
#include <math.h>
#include <stdio.h>
#include <string.h>

void classify(int n, const float *x, const double *d, int *k, float *y);
void classify_ref(int n, const float *x, const double *d, int *k, float *y);

int main(void) {
  static float x[4099], y[4099], yr[4099];
  static double d[4099];
  static int k[4099], kr[4099];
  const float fv[] = {NAN, INFINITY, -INFINITY, 0.0f, -0.0f, 1e-40f, 1.5f,
                      -2.25f, 3.4e38f};
  const double dv[] = {NAN, -INFINITY, INFINITY, 0.0, 1e-310, -7.0, 1e308};
  int Passed = 0, Failed = 0;
  for (int n = 1; n <= 4099; n = n * 4 + 3) {
    for (int i = 0; i < n; i++) {
      x[i] = fv[(i * 7) % 9];
      d[i] = dv[(i * 5) % 7];
    }
    memset(k, 0x5a, sizeof k); // Poisoned: every element must be written.
    memset(y, 0x5a, sizeof y);
    classify(n, x, d, k, y);
    classify_ref(n, x, d, kr, yr);
    int Bad = memcmp(k, kr, n * sizeof(int)) != 0 ||
              memcmp(y, yr, n * sizeof(float)) != 0;
    printf("CHECK classify n=%d %s\n", n, Bad ? "MISMATCH" : "PASS");
    Bad ? ++Failed : ++Passed;
  }
  printf("%d passed, %d failed\n", Passed, Failed);
  return Failed != 0;
}
