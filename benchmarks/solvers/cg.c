/* Conjugate gradients on a dense symmetric positive definite matrix, as a
 * textbook writes it: the iteration's scalars (rr, pAp, alpha, beta) are
 * declared in the iteration loop. Built with --allow-reassociation (the
 * dot products run in parallel). */
void cg(int n, int iters, const double A[n][n], const double b[n],
        double x[n], double r[n], double p[n], double Ap[n]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    x[i] = 0.0;
    r[i] = b[i];
    p[i] = b[i];
  }
  for (int it = 0; it < iters; it++) {
    double rr = 0.0;
    for (int i = 0; i < n; i++)
      rr += r[i] * r[i];
    for (int i = 0; i < n; i++) {
      double s = 0.0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * p[j];
      Ap[i] = s;
    }
    double pAp = 0.0;
    for (int i = 0; i < n; i++)
      pAp += p[i] * Ap[i];
    double alpha = rr / pAp;
    for (int i = 0; i < n; i++) {
      x[i] += alpha * p[i];
      r[i] -= alpha * Ap[i];
    }
    double rr2 = 0.0;
    for (int i = 0; i < n; i++)
      rr2 += r[i] * r[i];
    double beta = rr2 / rr;
    for (int i = 0; i < n; i++)
      p[i] = r[i] + beta * p[i];
  }
#pragma endscop
}
