#include <math.h>

/* Graph, factorization and elementwise kernels. */

/* All-pairs shortest paths, relaxing through each vertex k in turn. */
void floyd_warshall(int n, float path[n][n]) {
#pragma scop
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j]
                         ? path[i][j]
                         : path[i][k] + path[k][j];
#pragma endscop
}

/* One multiplicative update of V ~ W H (Lee and Seung): H, then W, each
 * with the product WH recomputed. */
void nmf_update(int n, int m, int r, float V[n][m], float W[n][r],
                float H[r][m], float WH[n][m]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float s = 0.0f;
      for (int k = 0; k < r; k++)
        s += W[i][k] * H[k][j];
      WH[i][j] = s;
    }
  for (int a = 0; a < r; a++)
    for (int j = 0; j < m; j++) {
      float num = 0.0f, den = 0.0f;
      for (int i = 0; i < n; i++) {
        num += W[i][a] * V[i][j];
        den += W[i][a] * WH[i][j];
      }
      H[a][j] = H[a][j] * num / (den + 1e-9f);
    }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float s = 0.0f;
      for (int k = 0; k < r; k++)
        s += W[i][k] * H[k][j];
      WH[i][j] = s;
    }
  for (int i = 0; i < n; i++)
    for (int a = 0; a < r; a++) {
      float num = 0.0f, den = 0.0f;
      for (int j = 0; j < m; j++) {
        num += V[i][j] * H[a][j];
        den += WH[i][j] * H[a][j];
      }
      W[i][a] = W[i][a] * num / (den + 1e-9f);
    }
#pragma endscop
}

/* B = A^T. */
void transpose(int n, int m, float A[n][m], float B[m][n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      B[j][i] = A[i][j];
}

/* A *= 2 alpha, the factor computed once into a scalar declared outside
 * the loop (assigned inside the region: it runs on the host). */
void mat_scale(int n, int m, float alpha, float A[n][m]) {
  float s;
#pragma scop
  s = 2.0f * alpha;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] *= s;
#pragma endscop
}

/* The largest element, as a running maximum. */
void running_max(int n, float a[n], float out[1]) {
  float m;
#pragma scop
  m = a[0];
  for (int i = 1; i < n; i++)
    if (a[i] > m)
      m = a[i];
  out[0] = m;
#pragma endscop
}

/* Row-wise softmax: the row maximum subtracted before exp. */
void softmax_rows(int n, int m, double x[n][m], double y[n][m]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    double mx = x[i][0];
    for (int j = 1; j < m; j++)
      mx = x[i][j] > mx ? x[i][j] : mx;
    double sum = 0.0;
    for (int j = 0; j < m; j++) {
      y[i][j] = exp(x[i][j] - mx);
      sum += y[i][j];
    }
    for (int j = 0; j < m; j++)
      y[i][j] /= sum;
  }
#pragma endscop
}

/* Modified Gram-Schmidt QR of an m x n A (m >= n): Q overwrites A, R is
 * n x n. A column of norm ~0 is left unscaled. */
void gramschmidt(int m, int n, double A[m][n], double R[n][n]) {
#pragma scop
  for (int k = 0; k < n; k++) {
    double nrm = 0.0;
    for (int i = 0; i < m; i++)
      nrm += A[i][k] * A[i][k];
    R[k][k] = sqrt(nrm);
    for (int i = 0; i < m; i++)
      A[i][k] = R[k][k] > 1e-12 ? A[i][k] / R[k][k] : A[i][k];
    for (int j = k + 1; j < n; j++) {
      R[k][j] = 0.0;
      for (int i = 0; i < m; i++)
        R[k][j] += A[i][k] * A[i][j];
      for (int i = 0; i < m; i++)
        A[i][j] -= A[i][k] * R[k][j];
    }
  }
#pragma endscop
}
