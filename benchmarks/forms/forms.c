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

/* C = A B^T: both operands read along k (a row of B per output column). */
void mm_bt(int n, int m, int p, const float A[n][p], const float B[m][p],
           float C[n][m]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float s = 0.0f;
      for (int k = 0; k < p; k++)
        s += A[i][k] * B[j][k];
      C[i][j] = s;
    }
#pragma endscop
}

/* Rank-1 update in place. */
void rank1(int n, int m, float alpha, const float x[n], const float y[m],
           float A[n][m]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] += alpha * x[i] * y[j];
#pragma endscop
}

/* A transpose written with the output's loop outside, flattened indices. */
void transpose_ji(int n, int m, const float *in, float *out) {
#pragma c2cuda kernel
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++)
      out[j * n + i] = in[i * m + j];
}

/* FIR filter: a window sum over a short tap loop. */
void fir(int n, int taps, const float *x, const float *h, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float acc = 0.0f;
    for (int k = 0; k < taps; k++)
      acc += h[k] * x[i + k];
    y[i] = acc;
  }
}

/* Rows scaled to unit length, in place: a sum, then a scaling loop. */
void rownorm(int n, int m, float A[n][m]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int j = 0; j < m; j++)
      s += A[i][j] * A[i][j];
    float inv = 1.0f / sqrtf(s + 1e-12f);
    for (int j = 0; j < m; j++)
      A[i][j] *= inv;
  }
#pragma endscop
}

/* Pairwise distances between the rows of X and Y. */
void pdist(int n, int m, int d, const float X[n][d], const float Y[m][d],
           float D[n][m]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float s = 0.0f;
      for (int k = 0; k < d; k++) {
        float t = X[i][k] - Y[j][k];
        s += t * t;
      }
      D[i][j] = sqrtf(s);
    }
#pragma endscop
}

/* Square roots of the elements not below a threshold; the rest untouched. */
void sqrt_skip(int n, const float *x, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    if (x[i] < 0.5f)
      continue;
    y[i] = sqrtf(x[i]);
  }
}

/* A 3x3 convolution in NHWC layout, channels innermost. */
void conv_nhwc(int N, int H, int W, int C, int K, const float *in,
               const float *w, float *out) {
#pragma c2cuda kernel
  for (int n = 0; n < N; n++)
    for (int p = 0; p < H - 2; p++)
      for (int q = 0; q < W - 2; q++)
        for (int k = 0; k < K; k++) {
          float acc = 0.0f;
          for (int r = 0; r < 3; r++)
            for (int s = 0; s < 3; s++)
              for (int c = 0; c < C; c++)
                acc += in[((n * H + p + r) * W + q + s) * C + c] *
                       w[((r * 3 + s) * C + c) * K + k];
          out[((n * (H - 2) + p) * (W - 2) + q) * K + k] = acc;
        }
}
