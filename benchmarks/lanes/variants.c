/* Matrix-vector products with a lanes clause: mv_l<n> splits each row over n
 * threads (n / 32 warps), tmv_l<n> each column of the transposed product over
 * n slices; mv_def and tmv_def are the defaults (8 warps, 32 slices). */
void mv_def(int M, int N, const float *A, const float *x, float *y) {
#pragma c2cuda kernel reduction(+: acc)
  for (int i = 0; i < M; i++) {
    float acc = 0.0f;
    for (int j = 0; j < N; j++)
      acc += A[i * N + j] * x[j];
    y[i] = acc;
  }
}

void mv_l32(int M, int N, const float *A, const float *x, float *y) {
#pragma c2cuda kernel lanes(j: 32) reduction(+: acc)
  for (int i = 0; i < M; i++) {
    float acc = 0.0f;
    for (int j = 0; j < N; j++)
      acc += A[i * N + j] * x[j];
    y[i] = acc;
  }
}

void mv_l64(int M, int N, const float *A, const float *x, float *y) {
#pragma c2cuda kernel lanes(j: 64) reduction(+: acc)
  for (int i = 0; i < M; i++) {
    float acc = 0.0f;
    for (int j = 0; j < N; j++)
      acc += A[i * N + j] * x[j];
    y[i] = acc;
  }
}

void mv_l128(int M, int N, const float *A, const float *x, float *y) {
#pragma c2cuda kernel lanes(j: 128) reduction(+: acc)
  for (int i = 0; i < M; i++) {
    float acc = 0.0f;
    for (int j = 0; j < N; j++)
      acc += A[i * N + j] * x[j];
    y[i] = acc;
  }
}

void mv_l256(int M, int N, const float *A, const float *x, float *y) {
#pragma c2cuda kernel lanes(j: 256) reduction(+: acc)
  for (int i = 0; i < M; i++) {
    float acc = 0.0f;
    for (int j = 0; j < N; j++)
      acc += A[i * N + j] * x[j];
    y[i] = acc;
  }
}

void mv_l512(int M, int N, const float *A, const float *x, float *y) {
#pragma c2cuda kernel lanes(j: 512) reduction(+: acc)
  for (int i = 0; i < M; i++) {
    float acc = 0.0f;
    for (int j = 0; j < N; j++)
      acc += A[i * N + j] * x[j];
    y[i] = acc;
  }
}

void mv_l1024(int M, int N, const float *A, const float *x, float *y) {
#pragma c2cuda kernel lanes(j: 1024) reduction(+: acc)
  for (int i = 0; i < M; i++) {
    float acc = 0.0f;
    for (int j = 0; j < N; j++)
      acc += A[i * N + j] * x[j];
    y[i] = acc;
  }
}

void tmv_def(int M, int N, const float *A, const float *x, float *y) {
#pragma c2cuda kernel reduction(+: acc)
  for (int j = 0; j < N; j++) {
    float acc = 0.0f;
    for (int i = 0; i < M; i++)
      acc += A[i * N + j] * x[i];
    y[j] = acc;
  }
}

void tmv_l4(int M, int N, const float *A, const float *x, float *y) {
#pragma c2cuda kernel lanes(i: 4) reduction(+: acc)
  for (int j = 0; j < N; j++) {
    float acc = 0.0f;
    for (int i = 0; i < M; i++)
      acc += A[i * N + j] * x[i];
    y[j] = acc;
  }
}

void tmv_l8(int M, int N, const float *A, const float *x, float *y) {
#pragma c2cuda kernel lanes(i: 8) reduction(+: acc)
  for (int j = 0; j < N; j++) {
    float acc = 0.0f;
    for (int i = 0; i < M; i++)
      acc += A[i * N + j] * x[i];
    y[j] = acc;
  }
}

void tmv_l16(int M, int N, const float *A, const float *x, float *y) {
#pragma c2cuda kernel lanes(i: 16) reduction(+: acc)
  for (int j = 0; j < N; j++) {
    float acc = 0.0f;
    for (int i = 0; i < M; i++)
      acc += A[i * N + j] * x[i];
    y[j] = acc;
  }
}

void tmv_l32(int M, int N, const float *A, const float *x, float *y) {
#pragma c2cuda kernel lanes(i: 32) reduction(+: acc)
  for (int j = 0; j < N; j++) {
    float acc = 0.0f;
    for (int i = 0; i < M; i++)
      acc += A[i * N + j] * x[i];
    y[j] = acc;
  }
}
