// PolyBench bicg: s = A^T r and q = A p in one nest. Each loop is a
// reduction for one of the two targets and parallel for the other.
// EXPECT: i@1 parallel
// EXPECT: i@2 reduction + s[j]
// EXPECT: j reduction + c2c_acc_q
void bicg(int m, int n, float A[n][m], float s[m], float q[n], float p[m],
          float r[n]) {
#pragma scop
  for (int i = 0; i < m; i++)
    s[i] = 0.0f;
  for (int i = 0; i < n; i++) {
    q[i] = 0.0f;
    for (int j = 0; j < m; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
#pragma endscop
}
