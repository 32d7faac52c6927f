/* Checks matvec() (the function under test, linked from the emitted .cu)
 * against matvec.c compiled with double. Usage: matvec_driver [M N] */
#include "check.h"

void matvec(int M, int N, const float *A, const float *x, float *y);

#define matvec matvec_ref64
#define float double
#include "matvec.c"
#undef float
#undef matvec

int main(int argc, char **argv) {
  const char *usage = "[M N]";
  int M = (int)c2c_arg(argc, argv, 1, 3001, 1, usage);
  int N = (int)c2c_arg(argc, argv, 2, 2049, 1, usage);
  size_t nA = (size_t)M * N;
  float *A = c2c_new(nA), *x = c2c_new((size_t)N), *y = c2c_new((size_t)M);
  double *Ad = c2c_new_d(nA), *xd = c2c_new_d((size_t)N);
  double *yd = c2c_new_d((size_t)M);
  char sizes[64];

  c2c_seed();
  c2c_fill(A, nA, -1.0, 1.0);
  c2c_fill(x, (size_t)N, -1.0, 1.0);
  c2c_widen(A, Ad, nA);
  c2c_widen(x, xd, (size_t)N);
  c2c_poison(y, (size_t)M);

  matvec(M, N, A, x, y);
  matvec_ref64(M, N, Ad, xd, yd);

  c2c_check_unchanged("A", A, Ad, nA);
  c2c_check_unchanged("x", x, xd, (size_t)N);
  c2c_compare("y", y, yd, (size_t)M);
  snprintf(sizes, sizeof sizes, "M=%d,N=%d", M, N);
  return c2c_finish("matvec", sizes);
}
