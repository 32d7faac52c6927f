// CSR with pointers: nothing states how long col and val are.
void spmv_csr_ptr(int n, const int *rowptr, const int *col, const float *val,
                  const float *x, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      s += val[k] * x[col[k]];
    y[i] = s;
  }
}
