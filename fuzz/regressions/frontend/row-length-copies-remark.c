// A row reduction whose row length the host knows gets copies in fewer
// warps; the remark naming them read the mapped loop from the kernel after
// the split had cleared its grid loops (an out-of-range read, caught by the
// fuzz build's assertions).
void rowsum(int n, int m, const float *A, float *r) {
#pragma c2cuda kernel reduction(+: acc)
  for (int i = 0; i < n; i++) {
    float acc = 0.0f;
    for (int j = 0; j < m; j++)
      acc += A[i * m + j];
    r[i] = acc;
  }
}
