// PolyBench gemm, ijk order: C = alpha*A*B + beta*C. The scaling of C[i][j]
// is outside the k loop, so k only accumulates into C[i][j].
// EXPECT: i parallel
// EXPECT: j parallel
// (C[i][j] is held in the scalar c2c_acc_C across k: ReplaceArrayAccumulators.)
// EXPECT: k reduction + c2c_acc_C
void gemm(int ni, int nj, int nk, float alpha, float beta, float C[ni][nj],
          float A[ni][nk], float B[nk][nj]) {
#pragma c2cuda kernel
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      C[i][j] *= beta;
      for (int k = 0; k < nk; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
}
