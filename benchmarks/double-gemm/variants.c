void d_def(int M, int N, int K, const double *A, const double *B, double *C) { // gpu-check: A[M*K] B[K*N] C[M*N]
#pragma scop
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double acc = 0.0;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
#pragma endscop
}

void d_k8_nr(int M, int N, int K, const double *A, const double *B, double *C) { // gpu-check: A[M*K] B[K*N] C[M*N]
#pragma c2cuda kernel map(j: x, i: y) block(16, 16) tile(i: 128, j: 128, k: 8) shared(A, B) pad(2) vector(i: 4, j: 4) pipeline(2)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double acc = 0.0;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}

void d_64_k8(int M, int N, int K, const double *A, const double *B, double *C) { // gpu-check: A[M*K] B[K*N] C[M*N]
#pragma c2cuda kernel map(j: x, i: y) block(16, 16) tile(i: 64, j: 64, k: 8) shared(A, B) pad(2) vector(i: 2, j: 2) pipeline(2)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double acc = 0.0;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}

void d_128x64(int M, int N, int K, const double *A, const double *B, double *C) { // gpu-check: A[M*K] B[K*N] C[M*N]
#pragma c2cuda kernel map(j: x, i: y) block(16, 16) tile(i: 128, j: 64, k: 8) shared(A, B) pad(2) vector(i: 4, j: 2) pipeline(2)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double acc = 0.0;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}

void d_64_k16(int M, int N, int K, const double *A, const double *B, double *C) { // gpu-check: A[M*K] B[K*N] C[M*N]
#pragma c2cuda kernel map(j: x, i: y) block(16, 16) tile(i: 64, j: 64, k: 16) shared(A, B) pad(2) vector(i: 2, j: 2) pipeline(2)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double acc = 0.0;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}

void d_64x128(int M, int N, int K, const double *A, const double *B, double *C) { // gpu-check: A[M*K] B[K*N] C[M*N]
#pragma c2cuda kernel map(j: x, i: y) block(16, 16) tile(i: 64, j: 128, k: 8) shared(A, B) pad(2) vector(i: 2, j: 4) pipeline(2)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double acc = 0.0;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}

void d_64_mr(int M, int N, int K, const double *A, const double *B, double *C) { // gpu-check: A[M*K] B[K*N] C[M*N]
#pragma c2cuda kernel map(j: x, i: y) block(16, 16) tile(i: 64, j: 64, k: 8) shared(A, B) pad(2) vector(i: 2, j: 2) pipeline(2) maxrregcount(128)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double acc = 0.0;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}
