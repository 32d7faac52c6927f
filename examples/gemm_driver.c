/* Checks gemm() (the function under test, linked from the emitted .cu)
 * against gemm.c compiled with double. C is read and updated: both get the
 * same random initial values. Usage: gemm_driver [ni nj nk] */
#include "check.h"

void gemm(int ni, int nj, int nk, float alpha, float beta, float C[ni][nj],
          float A[ni][nk], float B[nk][nj]);

#define gemm gemm_ref64
#define float double
#include "gemm.c"
#undef float
#undef gemm

int main(int argc, char **argv) {
  const char *usage = "[ni nj nk]";
  int ni = (int)c2c_arg(argc, argv, 1, 1003, 1, usage);
  int nj = (int)c2c_arg(argc, argv, 2, 1111, 1, usage);
  int nk = (int)c2c_arg(argc, argv, 3, 517, 1, usage);
  size_t nA = (size_t)ni * nk, nB = (size_t)nk * nj, nC = (size_t)ni * nj;
  float *A = c2c_new(nA), *B = c2c_new(nB), *C = c2c_new(nC);
  double *Ad = c2c_new_d(nA), *Bd = c2c_new_d(nB), *Cd = c2c_new_d(nC);
  float alpha, beta;
  char sizes[96];

  c2c_seed();
  alpha = (float)c2c_uniform(0.5, 1.5);
  beta = (float)c2c_uniform(0.5, 1.5);
  c2c_fill(A, nA, -1.0, 1.0);
  c2c_fill(B, nB, -1.0, 1.0);
  c2c_fill(C, nC, -1.0, 1.0);
  c2c_widen(A, Ad, nA);
  c2c_widen(B, Bd, nB);
  c2c_widen(C, Cd, nC);

  gemm(ni, nj, nk, alpha, beta, (float(*)[nj])C, (float(*)[nk])A,
       (float(*)[nj])B);
  gemm_ref64(ni, nj, nk, alpha, beta, (double(*)[nj])Cd, (double(*)[nk])Ad,
             (double(*)[nj])Bd);

  c2c_check_unchanged("A", A, Ad, nA);
  c2c_check_unchanged("B", B, Bd, nB);
  c2c_compare("C", C, Cd, nC);
  snprintf(sizes, sizeof sizes, "ni=%d,nj=%d,nk=%d", ni, nj, nk);
  return c2c_finish("gemm", sizes);
}
