// PolyBench 2mm: tmp = alpha*A*B; D = beta*D + tmp*C, two nests of a scop.
// EXPECT: i parallel
// EXPECT: j parallel
// EXPECT: k reduction + c2c_acc_tmp
// EXPECT: i@2 parallel
// EXPECT: j@2 parallel
// EXPECT: k@2 reduction + c2c_acc_D
void k2mm(int ni, int nj, int nk, int nl, float alpha, float beta,
          float tmp[ni][nj], float A[ni][nk], float B[nk][nj],
          float C[nj][nl], float D[ni][nl]) {
#pragma scop
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      tmp[i][j] = 0.0f;
      for (int k = 0; k < nk; ++k)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nl; j++) {
      D[i][j] *= beta;
      for (int k = 0; k < nj; ++k)
        D[i][j] += tmp[i][k] * C[k][j];
    }
#pragma endscop
}
