// PolyBench 3mm: E = A*B; F = C*D; G = E*F.
// EXPECT: i parallel
// EXPECT: j parallel
// EXPECT: k reduction + c2c_acc_E
// EXPECT: i@2 parallel
// EXPECT: j@2 parallel
// EXPECT: k@2 reduction + c2c_acc_F
// EXPECT: i@3 parallel
// EXPECT: j@3 parallel
// EXPECT: k@3 reduction + c2c_acc_G
void k3mm(int ni, int nj, int nk, int nl, int nm, float E[ni][nj],
          float A[ni][nk], float B[nk][nj], float F[nj][nl], float C[nj][nm],
          float D[nm][nl], float G[ni][nl]) {
#pragma scop
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      E[i][j] = 0.0f;
      for (int k = 0; k < nk; ++k)
        E[i][j] += A[i][k] * B[k][j];
    }
  for (int i = 0; i < nj; i++)
    for (int j = 0; j < nl; j++) {
      F[i][j] = 0.0f;
      for (int k = 0; k < nm; ++k)
        F[i][j] += C[i][k] * D[k][j];
    }
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nl; j++) {
      G[i][j] = 0.0f;
      for (int k = 0; k < nj; ++k)
        G[i][j] += E[i][k] * F[k][j];
    }
#pragma endscop
}
