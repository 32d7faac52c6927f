/* Checks rbf_kernel() (the function under test, linked from the emitted .cu)
 * against rbf_kernel.c compiled with double. Usage: rbf_kernel_driver [n m d] */
#include "check.h"

void rbf_kernel(int n, int m, int d, float gamma, const float *X,
                const float *Y, float *Km);

#define rbf_kernel rbf_kernel_ref64
#define float double
#include "rbf_kernel.c"
#undef float
#undef rbf_kernel

int main(int argc, char **argv) {
  const char *usage = "[n m d]";
  int n = (int)c2c_arg(argc, argv, 1, 1003, 1, usage);
  int m = (int)c2c_arg(argc, argv, 2, 777, 1, usage);
  int d = (int)c2c_arg(argc, argv, 3, 37, 1, usage);
  size_t nX = (size_t)n * d, nY = (size_t)m * d, nK = (size_t)n * m;
  float *X = c2c_new(nX), *Y = c2c_new(nY), *Km = c2c_new(nK);
  double *Xd = c2c_new_d(nX), *Yd = c2c_new_d(nY), *Kmd = c2c_new_d(nK);
  float gamma;
  char sizes[64];

  c2c_seed();
  /* exp(-gamma * dist) with dist ~ d/6 stays well away from underflow. */
  gamma = (float)(c2c_uniform(0.5, 2.0) / d);
  c2c_fill(X, nX, 0.0, 1.0);
  c2c_fill(Y, nY, 0.0, 1.0);
  c2c_widen(X, Xd, nX);
  c2c_widen(Y, Yd, nY);
  c2c_poison(Km, nK);

  rbf_kernel(n, m, d, gamma, X, Y, Km);
  rbf_kernel_ref64(n, m, d, gamma, Xd, Yd, Kmd);

  c2c_check_unchanged("X", X, Xd, nX);
  c2c_check_unchanged("Y", Y, Yd, nY);
  c2c_compare("Km", Km, Kmd, nK);
  snprintf(sizes, sizeof sizes, "n=%d,m=%d,d=%d", n, m, d);
  return c2c_finish("rbf_kernel", sizes);
}
