// PolyBench floyd-warshall: a min-shaped update, but it reads row k and
// column k, which the same k writes: memory-based dependences make every
// loop sequential (a value-based analysis would see that row and column k
// do not change during step k).
// EXPECT: k sequential flow >= 1
// EXPECT: i sequential flow >= 1
// EXPECT: j sequential flow >= 1
void floyd_warshall(int n, int path[n][n]) {
#pragma c2cuda kernel
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j]
                         ? path[i][j]
                         : path[i][k] + path[k][j];
}
