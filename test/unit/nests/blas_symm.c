// PolyBench symm. Iteration i updates rows k < i of C and then sets row i,
// which later iterations update again: i is sequential (C[i][j] is set
// before C[k][j] += ... reaches it, an output dependence). temp2 is private
// to (i, j) and reduced over k.
// EXPECT: i sequential output >= 1
// EXPECT: j parallel
// EXPECT: k reduction + temp2
void symm(int m, int n, float alpha, float beta, float C[m][n],
          float A[m][m], float B[m][n]) {
#pragma c2cuda kernel
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      float temp2 = 0.0f;
      for (int k = 0; k < i; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
    }
}
