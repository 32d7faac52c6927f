/* PolyBench gemm (the 3.2 loop order: the k reduction inside the j loop):
 * C = alpha * A * B + beta * C, with VLA array parameters. */
void gemm(int ni, int nj, int nk, float alpha, float beta, float C[ni][nj],
          float A[ni][nk], float B[nk][nj]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      C[i][j] *= beta;
      for (k = 0; k < nk; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
#pragma endscop
}
