// PolyBench trisolv (forward substitution): x[i] needs every earlier x[j];
// j reduces into x[i].
// EXPECT: i sequential flow >= 1
// EXPECT: j reduction + x[i]
void trisolv(int n, float L[n][n], float x[n], float b[n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    x[i] = b[i];
    for (int j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
}
