/* Checks jacobi2d() (the function under test, linked from the emitted .cu)
 * against jacobi2d.c compiled with double. A and B are read and updated
 * (B's border is never written): both get the same random initial values.
 * Usage: jacobi2d_driver [tsteps n] */
#include "check.h"

void jacobi2d(int tsteps, int n, float A[n][n], float B[n][n]);

#define jacobi2d jacobi2d_ref64
#define float double
#include "jacobi2d.c"
#undef float
#undef jacobi2d

int main(int argc, char **argv) {
  const char *usage = "[tsteps n]";
  int tsteps = (int)c2c_arg(argc, argv, 1, 37, 1, usage);
  int n = (int)c2c_arg(argc, argv, 2, 1001, 3, usage);
  size_t nn = (size_t)n * n;
  float *A = c2c_new(nn), *B = c2c_new(nn);
  double *Ad = c2c_new_d(nn), *Bd = c2c_new_d(nn);
  char sizes[96];

  c2c_seed();
  c2c_fill(A, nn, -1.0, 1.0);
  c2c_fill(B, nn, -1.0, 1.0);
  c2c_widen(A, Ad, nn);
  c2c_widen(B, Bd, nn);

  jacobi2d(tsteps, n, (float(*)[n])A, (float(*)[n])B);
  jacobi2d_ref64(tsteps, n, (double(*)[n])Ad, (double(*)[n])Bd);

  c2c_compare("A", A, Ad, nn);
  c2c_compare("B", B, Bd, nn);
  snprintf(sizes, sizeof sizes, "tsteps=%d,n=%d", tsteps, n);
  return c2c_finish("jacobi2d", sizes);
}
