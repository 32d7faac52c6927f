// In-place transpose by swaps below the diagonal: iteration i swaps the
// lower part of row i with the upper part of column i, and each pair
// (i, j), (j, i) belongs to iteration max(i, j) alone, so both loops are
// parallel.
// EXPECT: i parallel
// EXPECT: j parallel
void transpose_inplace(int n, float A[n][n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++) {
      float t = A[i][j];
      A[i][j] = A[j][i];
      A[j][i] = t;
    }
}
