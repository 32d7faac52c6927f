/* Everyday kernels in the forms users write them, for benchmarks/forms:
 * each is timed against a simple hand-written CUDA kernel (a thread per
 * output) in driver.cu. */
#include <math.h>

/* Row-wise softmax in float: max, sum of exponentials, scale. */
void softmax_rows(int n, int m, const float x[n][m], float y[n][m]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    float mx = x[i][0];
    for (int j = 1; j < m; j++)
      mx = fmaxf(mx, x[i][j]);
    float sum = 0.0f;
    for (int j = 0; j < m; j++) {
      y[i][j] = expf(x[i][j] - mx);
      sum += y[i][j];
    }
    for (int j = 0; j < m; j++)
      y[i][j] = y[i][j] / sum;
  }
#pragma endscop
}

/* Layer normalisation of each row. */
void layernorm(int n, int m, const float x[n][m], const float g[m],
               const float b[m], float y[n][m]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    float mean = 0.0f;
    for (int j = 0; j < m; j++)
      mean += x[i][j];
    mean = mean / m;
    float var = 0.0f;
    for (int j = 0; j < m; j++)
      var += (x[i][j] - mean) * (x[i][j] - mean);
    var = var / m;
    float inv = 1.0f / sqrtf(var + 1e-5f);
    for (int j = 0; j < m; j++)
      y[i][j] = (x[i][j] - mean) * inv * g[j] + b[j];
  }
#pragma endscop
}

/* A batch of matrix products. */
void batched_mm(int nb, int n, const float A[nb][n][n], const float B[nb][n][n],
                float C[nb][n][n]) {
#pragma scop
  for (int b = 0; b < nb; b++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        float acc = 0.0f;
        for (int k = 0; k < n; k++)
          acc += A[b][i][k] * B[b][k][j];
        C[b][i][j] = acc;
      }
#pragma endscop
}

/* Reverse the order of the dimensions of a 3-D array. */
void permute3(int n, const float A[n][n][n], float B[n][n][n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        B[k][j][i] = A[i][j][k];
#pragma endscop
}

/* One step of the 3-D heat equation (7 points). */
void heat3d(int n, const float A[n][n][n], float B[n][n][n]) {
#pragma scop
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      for (int k = 1; k < n - 1; k++)
        B[i][j][k] = A[i][j][k] + 0.125f * (A[i + 1][j][k] + A[i - 1][j][k] +
                                            A[i][j + 1][k] + A[i][j - 1][k] +
                                            A[i][j][k + 1] + A[i][j][k - 1] -
                                            6.0f * A[i][j][k]);
#pragma endscop
}

/* Column sums, the row loop outside (as the data is laid out). */
void colsum(int n, int m, const float A[n][m], float s[m]) {
#pragma scop
  for (int j = 0; j < m; j++)
    s[j] = 0.0f;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s[j] += A[i][j];
#pragma endscop
}

/* Largest element of each row. */
void rowmax(int n, int m, const float A[n][m], float mx[n]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    mx[i] = A[i][0];
    for (int j = 1; j < m; j++)
      if (A[i][j] > mx[i])
        mx[i] = A[i][j];
  }
#pragma endscop
}
