// Array reductions: row sums reduce over j, column sums over i.
// EXPECT: i parallel
// EXPECT: j reduction + c2c_acc_r
// EXPECT: j@2 parallel
// EXPECT: i@2 reduction + c[j]
// EXPECT: j@3 parallel
void sums(int n, int m, float A[n][m], float r[n], float c[m]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    r[i] = 0.0f;
    for (int j = 0; j < m; j++)
      r[i] += A[i][j];
  }
  for (int j = 0; j < m; j++)
    c[j] = 0.0f;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      c[j] += A[i][j];
#pragma endscop
}
