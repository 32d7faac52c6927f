// A 2-D recurrence: both loops carry a flow dependence of distance 1 (only
// the anti-diagonals are parallel).
// EXPECT: i sequential flow 1
// EXPECT: j sequential flow 1
void wavefront(int n, int m, float A[n][m]) {
#pragma c2cuda kernel
  for (int i = 1; i < n; i++)
    for (int j = 1; j < m; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
}
