// PolyBench covariance: column means, centring, and the symmetric product
// (iteration i writes row i from the diagonal on and column i below it,
// which no other iteration touches).
// EXPECT: j parallel
// EXPECT: i reduction + c2c_acc_mean
// EXPECT: i@2 parallel
// EXPECT: j@2 parallel
// EXPECT: i@3 parallel
// EXPECT: j@3 parallel
// EXPECT: k reduction + c2c_acc_cov
void covariance(int m, int n, float float_n, float data[n][m],
                float cov[m][m], float mean[m]) {
#pragma scop
  for (int j = 0; j < m; j++) {
    mean[j] = 0.0f;
    for (int i = 0; i < n; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      data[i][j] -= mean[j];
  for (int i = 0; i < m; i++)
    for (int j = i; j < m; j++) {
      cov[i][j] = 0.0f;
      for (int k = 0; k < n; k++)
        cov[i][j] += data[k][i] * data[k][j];
      cov[i][j] /= (float_n - 1.0f);
      cov[j][i] = cov[i][j];
    }
#pragma endscop
}
