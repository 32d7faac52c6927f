/* Stands in for c2cuda's output: one wrong element of C. */
void f(int n, int m, const float *A, float *B, int *C) {
  for (int i = 0; i < n; i++) {
    B[i] = i + 1 < n ? A[i + 1] : 0.5f;
    C[i] = C[i] * 2 + (i % 3 == 1) + (i == n - 1);
  }
}
