// A whole program: main, a static kernel that uses two global arrays, a
// host helper declared before use, malloc without a cast. c2cuda writes the
// whole file; `nvcc app.cu` alone builds the program.
#include <stdio.h>
#include <stdlib.h>

#define N 1000
#define M 64

float A[N][M];
float B[N];

void fill(int n);

static void row_sums(int n, float *scale) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int j = 0; j < M; j++)
      s += A[i][j] * scale[j];
    B[i] = s;
  }
}

void fill(int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (float)((i * 7 + j * 3) % 11) / 11.0f;
}

int main(void) {
  float *scale = malloc(M * sizeof *scale);
  for (int j = 0; j < M; j++)
    scale[j] = 1.0f + j * 0.5f;
  fill(N);
  row_sums(N, scale);
  double total = 0;
  for (int i = 0; i < N; i++)
    total += B[i];
  printf("total %.3f B[7] %.4f\n", total, B[7]);
  free(scale);
  return 0;
}
