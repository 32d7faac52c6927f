// Minimum of a matrix: both loops reduce into the same scalar.
// EXPECT: i reduction min m
// EXPECT: j reduction min m
#include <math.h>

void matrix_min(int n, int k, float A[n][k], float *out) {
  float m = A[0][0];
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < k; j++)
      m = fminf(A[i][j], m);
  out[0] = m;
}
