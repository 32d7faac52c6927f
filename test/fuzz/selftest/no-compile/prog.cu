/* Stands in for c2cuda's output: does not compile. */
void f(int n, int m, const float *A, float *B, int *C) {
  for (int i = 0; i < n; i++)
    B[i] = A[i] +;
}
