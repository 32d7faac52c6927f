/* Level-2 BLAS forms: matrix-vector products and rank-one updates. */

/* y = alpha * A x + beta * y, the dot product in a scalar declared inside
 * the row loop. */
void gemv(int m, int n, float alpha, float beta, float A[m][n], float x[n],
          float y[m]) {
#pragma scop
  for (int i = 0; i < m; i++) {
    float t = 0.0f;
    for (int j = 0; j < n; j++)
      t += A[i][j] * x[j];
    y[i] = alpha * t + beta * y[i];
  }
#pragma endscop
}

/* Two rank-one updates of A, then x += beta A^T y + z and w += alpha A x. */
void gemver(int n, double alpha, double beta, double A[n][n], double u1[n],
            double v1[n], double u2[n], double v2[n], double w[n],
            double x[n], double y[n], double z[n]) {
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j];
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x[i] = x[i] + beta * A[j][i] * y[j];
  for (i = 0; i < n; i++)
    x[i] = x[i] + z[i];
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      w[i] = w[i] + alpha * A[i][j] * x[j];
#pragma endscop
}

/* y = alpha A x + beta B x, both sums in scalars declared before the loop. */
void gesummv(int n, float alpha, float beta, float A[n][n], float B[n][n],
             float x[n], float y[n]) {
  float s, t;
#pragma scop
  for (int i = 0; i < n; i++) {
    s = 0.0f;
    t = 0.0f;
    for (int j = 0; j < n; j++) {
      s += A[i][j] * x[j];
      t += B[i][j] * x[j];
    }
    y[i] = alpha * s + beta * t;
  }
#pragma endscop
}

/* y = A^T (A x), the second product accumulated row by row. */
void atax(int m, int n, double A[m][n], double x[n], double y[n],
          double tmp[m]) {
#pragma scop
  for (int j = 0; j < n; j++)
    y[j] = 0.0;
  for (int i = 0; i < m; i++) {
    tmp[i] = 0.0;
    for (int j = 0; j < n; j++)
      tmp[i] += A[i][j] * x[j];
    for (int j = 0; j < n; j++)
      y[j] += A[i][j] * tmp[i];
  }
#pragma endscop
}

/* BiCG's two products: s = A^T r and q = A p in one sweep over A. */
void bicg(int m, int n, float A[n][m], float s[m], float q[n], float p[m],
          float r[n]) {
#pragma scop
  for (int j = 0; j < m; j++)
    s[j] = 0.0f;
  for (int i = 0; i < n; i++) {
    q[i] = 0.0f;
    for (int j = 0; j < m; j++) {
      s[j] += r[i] * A[i][j];
      q[i] += A[i][j] * p[j];
    }
  }
#pragma endscop
}

/* x1 += A y1 and x2 += A^T y2. */
void mvt(int n, double x1[n], double x2[n], double y1[n], double y2[n],
         double A[n][n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x1[i] += A[i][j] * y1[j];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x2[i] += A[j][i] * y2[j];
#pragma endscop
}
