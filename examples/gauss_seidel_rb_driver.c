/* Checks gs_redblack() (the function under test, linked from the emitted
 * .cu) against gauss_seidel_rb.c compiled with double. A is read and
 * updated: both get the same random initial values.
 * Usage: gauss_seidel_rb_driver [tsteps n] */
#include "check.h"

void gs_redblack(int tsteps, int n, float A[n][n]);

#define gs_redblack gs_redblack_ref64
#define float double
#include "gauss_seidel_rb.c"
#undef float
#undef gs_redblack

int main(int argc, char **argv) {
  const char *usage = "[tsteps n]";
  int tsteps = (int)c2c_arg(argc, argv, 1, 29, 1, usage);
  int n = (int)c2c_arg(argc, argv, 2, 1001, 3, usage);
  size_t nn = (size_t)n * n;
  float *A = c2c_new(nn);
  double *Ad = c2c_new_d(nn);
  char sizes[96];

  c2c_seed();
  c2c_fill(A, nn, -1.0, 1.0);
  c2c_widen(A, Ad, nn);

  gs_redblack(tsteps, n, (float(*)[n])A);
  gs_redblack_ref64(tsteps, n, (double(*)[n])Ad);

  c2c_compare("A", A, Ad, nn);
  snprintf(sizes, sizeof sizes, "tsteps=%d,n=%d", tsteps, n);
  return c2c_finish("gauss_seidel_rb", sizes);
}
