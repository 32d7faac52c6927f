// PolyBench doitgen: the scratch row sum[] is shared by all (r, q), so r
// and q overwrite each other's values (output dependences); s reduces into
// sum[p].
// EXPECT: r sequential flow >= 1
// EXPECT: q sequential flow >= 1
// EXPECT: p parallel
// EXPECT: s reduction + c2c_acc_sum
// EXPECT: p@2 parallel
void doitgen(int nr, int nq, int np, float A[nr][nq][np], float C4[np][np],
             float sum[np]) {
#pragma c2cuda kernel
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++) {
      for (int p = 0; p < np; p++) {
        sum[p] = 0.0f;
        for (int s = 0; s < np; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (int p = 0; p < np; p++)
        A[r][q][p] = sum[p];
    }
}
