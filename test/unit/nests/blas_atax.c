// PolyBench atax: y = A^T (A x), with a private accumulator per row.
// EXPECT: j parallel
// EXPECT: i reduction + y[j]
// EXPECT: j@2 reduction + tmp
// EXPECT: j@3 parallel
void atax(int m, int n, float A[m][n], float x[n], float y[n]) {
#pragma scop
  for (int j = 0; j < n; j++)
    y[j] = 0.0f;
  for (int i = 0; i < m; i++) {
    float tmp = 0.0f;
    for (int j = 0; j < n; j++)
      tmp = tmp + A[i][j] * x[j];
    for (int j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * tmp;
  }
#pragma endscop
}
