/* Checks syrk() (the function under test, linked from the emitted .cu)
 * against syrk.c compiled with double. C is read and updated (only its lower
 * triangle is written): both get the same random initial values.
 * Usage: syrk_driver [n m] */
#include "check.h"

void syrk(int n, int m, float alpha, float beta, float C[n][n],
          float A[n][m]);

#define syrk syrk_ref64
#define float double
#include "syrk.c"
#undef float
#undef syrk

int main(int argc, char **argv) {
  const char *usage = "[n m]";
  int n = (int)c2c_arg(argc, argv, 1, 1001, 1, usage);
  int m = (int)c2c_arg(argc, argv, 2, 777, 1, usage);
  size_t nC = (size_t)n * n, nA = (size_t)n * m;
  float *C = c2c_new(nC), *A = c2c_new(nA);
  double *Cd = c2c_new_d(nC), *Ad = c2c_new_d(nA);
  float alpha, beta;
  char sizes[64];

  c2c_seed();
  alpha = (float)c2c_uniform(0.5, 1.5);
  beta = (float)c2c_uniform(0.5, 1.5);
  c2c_fill(C, nC, -1.0, 1.0);
  c2c_fill(A, nA, -1.0, 1.0);
  c2c_widen(C, Cd, nC);
  c2c_widen(A, Ad, nA);

  syrk(n, m, alpha, beta, (float(*)[n])C, (float(*)[m])A);
  syrk_ref64(n, m, alpha, beta, (double(*)[n])Cd, (double(*)[m])Ad);

  c2c_check_unchanged("A", A, Ad, nA);
  c2c_compare("C", C, Cd, nC);
  snprintf(sizes, sizeof sizes, "n=%d,m=%d", n, m);
  return c2c_finish("syrk", sizes);
}
