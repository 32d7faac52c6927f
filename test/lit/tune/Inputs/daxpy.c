void daxpy(int n, double a, const double *x, double *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}
