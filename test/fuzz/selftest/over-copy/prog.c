/* Harness self-test: the C every selftest directory shares (prog.cu
 * differs). n = 7: A holds 7 elements (A[i + 1] is read only while
 * i + 1 < n), B is only written (poisoned for f), C is read and written. */
void f(int n, int m, const float *A, float *B, int *C) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    B[i] = i + 1 < n ? A[i + 1] : 0.5f;
    C[i] = C[i] * 2 + (i % 3 == 1);
  }
}
