/* An exclusive prefix sum: the k loop runs no iteration for j = 0, and the
   reuse analysis divided by its tile count (SIGFPE in c2cuda analyze). */
void prefix(int n, float *A, const float *B) {
#pragma c2cuda kernel
  for (int j = 0; j < n; j++) {
    float acc = 0.0f;
    for (int k = 0; k < j; k++)
      acc += B[k];
    A[j] = acc * B[0];
  }
}
