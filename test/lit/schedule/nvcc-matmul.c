// REQUIRES: nvcc
// A coarsened, unrolled, register-limited matmul compiles with nvcc.
void matmul(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma c2cuda kernel map(j: x, i: y) block(32, 8) thread(i: 4, j: 2) unroll(k: 4) maxrregcount(64)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += A[i * K + k] * B[k * N + j];
      C[i * N + j] = s;
    }
}

// RUN: %c2cuda %s -q -o %t.cu
// RUN: %nvcc -c %t.cu -o %t.o
// RUN: test -s %t.o
