// gemm in PolyBench 4's ikj order: the element C[i][j] moves with the inner
// j loop but not with k, so k is still a reduction.
// EXPECT: i parallel
// EXPECT: j parallel
// EXPECT: k reduction + C[i][j]
// EXPECT: j@2 parallel
void gemm_ikj(int ni, int nj, int nk, float alpha, float beta,
              float C[ni][nj], float A[ni][nk], float B[nk][nj]) {
#pragma c2cuda kernel
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (int k = 0; k < nk; k++)
      for (int j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}
