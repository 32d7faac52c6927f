/* Checks matmul() (the function under test, linked from the emitted .cu)
 * against matmul.c compiled with double. Usage: matmul_driver [M N K] */
#include "check.h"

void matmul(int M, int N, int K, const float *A, const float *B, float *C);

#define matmul matmul_ref64
#define float double
#include "matmul.c"
#undef float
#undef matmul

int main(int argc, char **argv) {
  const char *usage = "[M N K]";
  int M = (int)c2c_arg(argc, argv, 1, 1003, 1, usage);
  int N = (int)c2c_arg(argc, argv, 2, 777, 1, usage);
  int K = (int)c2c_arg(argc, argv, 3, 513, 1, usage);
  size_t nA = (size_t)M * K, nB = (size_t)K * N, nC = (size_t)M * N;
  float *A = c2c_new(nA), *B = c2c_new(nB), *C = c2c_new(nC);
  double *Ad = c2c_new_d(nA), *Bd = c2c_new_d(nB), *Cd = c2c_new_d(nC);
  char sizes[96];

  c2c_seed();
  c2c_fill(A, nA, -1.0, 1.0);
  c2c_fill(B, nB, -1.0, 1.0);
  c2c_widen(A, Ad, nA);
  c2c_widen(B, Bd, nB);
  c2c_poison(C, nC);

  matmul(M, N, K, A, B, C);
  matmul_ref64(M, N, K, Ad, Bd, Cd);

  c2c_check_unchanged("A", A, Ad, nA);
  c2c_check_unchanged("B", B, Bd, nB);
  c2c_compare("C", C, Cd, nC);
  snprintf(sizes, sizeof sizes, "M=%d,N=%d,K=%d", M, N, K);
  return c2c_finish("matmul", sizes);
}
