/* Matrix-vector products as users write them (benchmarks/matvec/run.sh).
   A is M x N, row-major. */

/* y = A x, one dot product per row: the default schedule. */
void mv_rows(int M, int N, const float *A, const float *x, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < M; i++) {
    float acc = 0.0f;
    for (int j = 0; j < N; j++)
      acc += A[i * N + j] * x[j];
    y[i] = acc;
  }
}

/* The same, with the sum allowed to be reassociated. */
void mv_rows_r(int M, int N, const float *A, const float *x, float *y) {
#pragma c2cuda kernel reduction(+: acc)
  for (int i = 0; i < M; i++) {
    float acc = 0.0f;
    for (int j = 0; j < N; j++)
      acc += A[i * N + j] * x[j];
    y[i] = acc;
  }
}

/* Accumulating into the output element, reassociation allowed. */
void mv_elem_r(int M, int N, const float *A, const float *x, float *y) {
#pragma c2cuda kernel reduction(+: y)
  for (int i = 0; i < M; i++) {
    y[i] = 0.0f;
    for (int j = 0; j < N; j++)
      y[i] += A[i * N + j] * x[j];
  }
}

/* y = A^T x: one column per thread, coalesced as written. */
void tmv_cols(int M, int N, const float *A, const float *x, float *y) {
#pragma c2cuda kernel
  for (int j = 0; j < N; j++) {
    float acc = 0.0f;
    for (int i = 0; i < M; i++)
      acc += A[i * N + j] * x[i];
    y[j] = acc;
  }
}

/* The same, with the sum allowed to be reassociated. */
void tmv_cols_r(int M, int N, const float *A, const float *x, float *y) {
#pragma c2cuda kernel reduction(+: acc)
  for (int j = 0; j < N; j++) {
    float acc = 0.0f;
    for (int i = 0; i < M; i++)
      acc += A[i * N + j] * x[i];
    y[j] = acc;
  }
}
