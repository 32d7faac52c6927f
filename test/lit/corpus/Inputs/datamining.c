#include <math.h>

/* Sample covariance and Pearson correlation of m variables observed n
 * times (data is n x m). Call with n >= 2. */

void covariance(int m, int n, double data[n][m], double cov[m][m],
                double mean[m]) {
#pragma scop
  for (int j = 0; j < m; j++) {
    mean[j] = 0.0;
    for (int i = 0; i < n; i++)
      mean[j] += data[i][j];
    mean[j] /= n;
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      data[i][j] -= mean[j];
  for (int i = 0; i < m; i++)
    for (int j = i; j < m; j++) {
      cov[i][j] = 0.0;
      for (int k = 0; k < n; k++)
        cov[i][j] += data[k][i] * data[k][j];
      cov[i][j] /= n - 1.0;
      cov[j][i] = cov[i][j];
    }
#pragma endscop
}

/* A near-constant column gets a standard deviation of 1, so it is not
 * divided by ~0. */
void correlation(int m, int n, double data[n][m], double corr[m][m],
                 double mean[m], double stddev[m]) {
#pragma scop
  for (int j = 0; j < m; j++) {
    mean[j] = 0.0;
    for (int i = 0; i < n; i++)
      mean[j] += data[i][j];
    mean[j] /= n;
  }
  for (int j = 0; j < m; j++) {
    stddev[j] = 0.0;
    for (int i = 0; i < n; i++)
      stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    stddev[j] = sqrt(stddev[j] / n);
    stddev[j] = stddev[j] <= 1e-3 ? 1.0 : stddev[j];
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      data[i][j] -= mean[j];
      data[i][j] /= sqrt((double)n) * stddev[j];
    }
  for (int i = 0; i < m; i++) {
    corr[i][i] = 1.0;
    for (int j = i + 1; j < m; j++) {
      double s = 0.0;
      for (int k = 0; k < n; k++)
        s += data[k][i] * data[k][j];
      corr[i][j] = s;
      corr[j][i] = s;
    }
  }
#pragma endscop
}
