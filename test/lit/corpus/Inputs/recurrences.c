#include <math.h>

/* Recurrences: Levinson-Durbin, an interval dynamic program
 * (Nussinov-like), and the column sweep of ADI (a Thomas solve per
 * column). */

/* Levinson-Durbin style recursion; the denominator is kept >= 1. */
void durbin(int n, double r[n], double y[n], double z[n]) {
#pragma scop
  y[0] = -r[0];
  for (int k = 1; k < n; k++) {
    double beta = 1.0;
    for (int i = 0; i < k; i++)
      beta -= y[i] * y[i] * 0.1;
    double sum = 0.0;
    for (int i = 0; i < k; i++)
      sum += r[k - i - 1] * y[i];
    double alpha = -(r[k] + sum) / (fabs(beta) + 1.0);
    for (int i = 0; i < k; i++)
      z[i] = y[i] + alpha * y[k - i - 1];
    for (int i = 0; i < k; i++)
      y[i] = z[i];
    y[k] = alpha;
  }
#pragma endscop
}

/* Best score on every interval [i, j], from the short intervals up. */
void interval_dp(int n, int seq[n], int T[n][n]) {
#pragma scop
  for (int i = n - 1; i >= 0; i--)
    for (int j = i + 1; j < n; j++) {
      if (j - 1 >= 0)
        T[i][j] = T[i][j] > T[i][j - 1] ? T[i][j] : T[i][j - 1];
      if (i + 1 < n)
        T[i][j] = T[i][j] > T[i + 1][j] ? T[i][j] : T[i + 1][j];
      if (i + 1 < n && j - 1 >= 0) {
        int m = (seq[i] + seq[j] == 3) ? 1 : 0;
        if (i < j - 1)
          T[i][j] =
              T[i][j] > T[i + 1][j - 1] + m ? T[i][j] : T[i + 1][j - 1] + m;
        else
          T[i][j] = T[i][j] > T[i + 1][j - 1] ? T[i][j] : T[i + 1][j - 1];
      }
      for (int k = i + 1; k < j; k++)
        T[i][j] =
            T[i][j] > T[i][k] + T[k + 1][j] ? T[i][j] : T[i][k] + T[k + 1][j];
    }
#pragma endscop
}

/* Per time step, a Thomas solve along each column of v with u on the
 * right-hand side. */
void adi_columns(int tsteps, int n, double u[n][n], double v[n][n],
                 double p[n][n], double q[n][n]) {
#pragma scop
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++) {
      v[0][i] = 1.0;
      p[i][0] = 0.0;
      q[i][0] = v[0][i];
      for (int j = 1; j < n - 1; j++) {
        p[i][j] = 0.25 / (-0.25 * p[i][j - 1] + 1.5);
        q[i][j] = (u[j][i] + 0.25 * q[i][j - 1]) / (-0.25 * p[i][j - 1] + 1.5);
      }
      v[n - 1][i] = 1.0;
      for (int j = n - 2; j >= 1; j--)
        v[j][i] = p[i][j] * v[j + 1][i] + q[i][j];
    }
  }
#pragma endscop
}
