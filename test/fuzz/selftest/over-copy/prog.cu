/* Stands in for c2cuda's output: a host wrapper whose extent for A is one
 * element too many (n + 1, as if the guard of A[i + 1] were ignored). */
#include <stdlib.h>
#include <string.h>
void f(int n, int m, const float *A, float *B, int *C) {
  float *dA = malloc((size_t)(n + 1) * sizeof(float));
  memcpy(dA, A, (size_t)(n + 1) * sizeof(float));
  for (int i = 0; i < n; i++) {
    B[i] = i + 1 < n ? dA[i + 1] : 0.5f;
    C[i] = C[i] * 2 + (i % 3 == 1);
  }
  free(dA);
}
