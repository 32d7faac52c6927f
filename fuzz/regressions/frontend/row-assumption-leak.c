// A linearized array whose row length is not a parameter: Delinearize's
// row assumption left an isl set unfreed (LeakSanitizer, fuzz-smoke).
void scale_ld(int m, int n, float alpha, float *C, const int *dims) {
  int ldc = dims[0];
#pragma c2cuda kernel
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      C[i * ldc + j] = alpha * C[i * ldc + j];
}
