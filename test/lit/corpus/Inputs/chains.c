/* Products of several matrices, and a tensor contraction. */

/* D = alpha A B C + beta D through tmp = alpha A B. */
void mm2(int ni, int nj, int nk, int nl, float alpha, float beta,
         float tmp[ni][nj], float A[ni][nk], float B[nk][nj], float C[nj][nl],
         float D[ni][nl]) {
#pragma scop
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      tmp[i][j] = 0.0f;
      for (int k = 0; k < nk; k++)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nl; j++) {
      D[i][j] *= beta;
      for (int k = 0; k < nj; k++)
        D[i][j] += tmp[i][k] * C[k][j];
    }
#pragma endscop
}

/* G = (A B) (C D). */
void mm3(int ni, int nj, int nk, int nl, int nm, double E[ni][nj],
         double A[ni][nk], double B[nk][nj], double F[nj][nl],
         double C[nj][nm], double D[nm][nl], double G[ni][nl]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      E[i][j] = 0.0;
      for (k = 0; k < nk; k++)
        E[i][j] += A[i][k] * B[k][j];
    }
  for (i = 0; i < nj; i++)
    for (j = 0; j < nl; j++) {
      F[i][j] = 0.0;
      for (k = 0; k < nm; k++)
        F[i][j] += C[i][k] * D[k][j];
    }
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++) {
      G[i][j] = 0.0;
      for (k = 0; k < nj; k++)
        G[i][j] += E[i][k] * F[k][j];
    }
#pragma endscop
}

/* A(r,q,:) = A(r,q,:) C4 for every (r,q), through one shared row buffer. */
void doitgen(int nr, int nq, int np, double A[nr][nq][np], double C4[np][np],
             double sum[np]) {
#pragma scop
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++) {
      for (int p = 0; p < np; p++) {
        sum[p] = 0.0;
        for (int s = 0; s < np; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (int p = 0; p < np; p++)
        A[r][q][p] = sum[p];
    }
#pragma endscop
}

/* The same contraction out of place, the sum in a local. */
void doitgen_oop(int nr, int nq, int np, float A[nr][nq][np],
                 float C4[np][np], float out[nr][nq][np]) {
#pragma c2cuda kernel
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++)
      for (int p = 0; p < np; p++) {
        float acc = 0.0f;
        for (int s = 0; s < np; s++)
          acc += A[r][q][s] * C4[s][p];
        out[r][q][p] = acc;
      }
}
