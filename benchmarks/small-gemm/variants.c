/* Float matrix products: the default (which picks 128x128, 128x64, 64x32 or
 * 16x16 tiles by the size it is called with) and each tile shape on its
 * own, with a few other shapes. */
void f_def(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma scop
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
#pragma endscop
}

void f_128x128(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma c2cuda kernel map(j: x, i: y) block(16, 16) tile(i: 128, j: 128, k: 8) shared(A, B) pad(4) vector(i: 4, j: 4) pipeline(2) maxrregcount(128)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}

void f_128x64(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma c2cuda kernel map(j: x, i: y) block(16, 16) tile(i: 128, j: 64, k: 16) shared(A, B) pad(4) vector(i: 4, j: 4) pipeline(2) maxrregcount(128)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}

void f_64x32(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma c2cuda kernel map(j: x, i: y) block(16, 16) tile(i: 64, j: 32, k: 16) shared(A, B) pad(4) vector(i: 4, j: 2) pipeline(2) maxrregcount(128)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}

void f_128x64k32(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma c2cuda kernel map(j: x, i: y) block(16, 16) tile(i: 128, j: 64, k: 32) shared(A, B) pad(4) vector(i: 4, j: 4) pipeline(2) maxrregcount(128)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}

void f_64x128(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma c2cuda kernel map(j: x, i: y) block(16, 16) tile(i: 64, j: 128, k: 16) shared(A, B) pad(4) vector(i: 4, j: 4) pipeline(2) maxrregcount(128)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}

void f_64x64(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma c2cuda kernel map(j: x, i: y) block(16, 16) tile(i: 64, j: 64, k: 16) shared(A, B) pad(4) vector(i: 4, j: 4) pipeline(2) maxrregcount(128)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}

void f_64x64b8(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma c2cuda kernel map(j: x, i: y) block(16, 8) tile(i: 64, j: 64, k: 16) shared(A, B) pad(4) vector(i: 4, j: 4) pipeline(2) maxrregcount(128)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}

void f_128x64b8(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma c2cuda kernel map(j: x, i: y) block(16, 8) tile(i: 128, j: 64, k: 16) shared(A, B) pad(4) vector(i: 4, j: 4) pipeline(2) maxrregcount(128)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}



void f_16x16(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma c2cuda kernel map(j: x, i: y) block(16, 16) tile(i: 16, j: 16, k: 32) shared(A, B) pad(4) pipeline(2) maxrregcount(128)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}
