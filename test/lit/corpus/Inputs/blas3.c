/* Level-3 BLAS forms. */

/* C = alpha A B + beta C in i-k-j order (the row of B streamed). */
void gemm_ikj(int ni, int nj, int nk, float alpha, float beta, float C[ni][nj],
              float A[ni][nk], float B[nk][nj]) {
#pragma scop
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (int k = 0; k < nk; k++)
      for (int j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
#pragma endscop
}

/* C = alpha A B + beta C with A symmetric, only its lower triangle read:
 * the element A(i,k) is A[i][k] for k <= i and A[k][i] above. */
void symm(int m, int n, double alpha, double beta, double C[m][n],
          double A[m][m], double B[m][n]) {
#pragma scop
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      double acc = 0.0;
      for (int k = 0; k < m; k++)
        acc += (k <= i ? A[i][k] : A[k][i]) * B[k][j];
      C[i][j] = beta * C[i][j] + alpha * acc;
    }
#pragma endscop
}

/* The same product as the reference BLAS writes it (side left, lower):
 * each column j, rows from the bottom, C updated in place below row i. */
void symm_ref(int m, int n, double alpha, double beta, double C[m][n],
              double A[m][m], double B[m][n]) {
  double t1, t2;
#pragma scop
  for (int j = 0; j < n; j++)
    for (int i = m - 1; i >= 0; i--) {
      t1 = alpha * B[i][j];
      t2 = 0.0;
      for (int k = i + 1; k < m; k++) {
        C[k][j] += t1 * A[k][i];
        t2 += B[k][j] * A[k][i];
      }
      C[i][j] = beta * C[i][j] + t1 * A[i][i] + alpha * t2;
    }
#pragma endscop
}

/* Lower triangle of C = alpha A A^T + beta C. */
void syrk(int n, int k, float alpha, float beta, float C[n][n],
          float A[n][k]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (int l = 0; l < k; l++)
      for (int j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][l] * A[j][l];
  }
#pragma endscop
}

/* Lower triangle of C = alpha (A B^T + B A^T) + beta C, the sum in a
 * register. */
void syr2k(int n, int k, double alpha, double beta, double C[n][n],
           double A[n][k], double B[n][k]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++) {
      double s = 0.0;
      for (int l = 0; l < k; l++)
        s += A[i][l] * B[j][l] + B[i][l] * A[j][l];
      C[i][j] = beta * C[i][j] + alpha * s;
    }
#pragma endscop
}

/* B = alpha L B in place, L lower triangular: the rows from the bottom, so
 * that row i still reads the old rows above it. */
void trmm(int m, int n, double alpha, double L[m][m], double B[m][n]) {
#pragma scop
  for (int i = m - 1; i >= 0; i--)
    for (int j = 0; j < n; j++) {
      double t = 0.0;
      for (int k = 0; k <= i; k++)
        t += L[i][k] * B[k][j];
      B[i][j] = alpha * t;
    }
#pragma endscop
}
