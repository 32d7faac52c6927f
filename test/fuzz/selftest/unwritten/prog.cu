/* Stands in for c2cuda's output: the last element of B (poisoned by the
 * driver) is never written. */
void f(int n, int m, const float *A, float *B, int *C) {
  for (int i = 0; i < n; i++) {
    if (i < n - 1)
      B[i] = i + 1 < n ? A[i + 1] : 0.5f;
    C[i] = C[i] * 2 + (i % 3 == 1);
  }
}
