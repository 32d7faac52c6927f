// Longest common subsequence table: a wavefront through a select.
// EXPECT: i sequential flow 1
// EXPECT: j sequential flow 1
void lcs(int n, int m, const int *a, const int *b, int L[n + 1][m + 1]) {
#pragma c2cuda kernel
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= m; j++)
      L[i][j] = a[i - 1] == b[j - 1]
                    ? L[i - 1][j - 1] + 1
                    : (L[i - 1][j] > L[i][j - 1] ? L[i - 1][j] : L[i][j - 1]);
}
