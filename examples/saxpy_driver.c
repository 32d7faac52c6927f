/* Checks saxpy() (the function under test, linked from the emitted .cu)
 * against saxpy.c compiled with double. y is read and updated: both get the
 * same random initial values. Usage: saxpy_driver [n] */
#include "check.h"

void saxpy(int n, float a, const float *x, float *y);

#define saxpy saxpy_ref64
#define float double
#include "saxpy.c"
#undef float
#undef saxpy

int main(int argc, char **argv) {
  int n = (int)c2c_arg(argc, argv, 1, 1000003, 1, "[n]");
  size_t nn = (size_t)n;
  float *x = c2c_new(nn), *y = c2c_new(nn);
  double *xd = c2c_new_d(nn), *yd = c2c_new_d(nn);
  float a;
  char sizes[64];

  c2c_seed();
  a = (float)c2c_uniform(0.5, 2.0);
  c2c_fill(x, nn, -1.0, 1.0);
  c2c_fill(y, nn, -1.0, 1.0);
  c2c_widen(x, xd, nn);
  c2c_widen(y, yd, nn);

  saxpy(n, a, x, y);
  saxpy_ref64(n, a, xd, yd);

  c2c_check_unchanged("x", x, xd, nn);
  c2c_compare("y", y, yd, nn);
  snprintf(sizes, sizeof sizes, "n=%d", n);
  return c2c_finish("saxpy", sizes);
}
