// t changes after jj is initialized from it: jj does not stand for its
// initializer at the read, so the select is not moved out of the subscript.
void f(int n, int m, const float *x, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      int t = j;
      int jj = t < 1 ? 1 : t;
      t = 0;
      y[i * m + j] = x[i * m + jj] + (float)t;
    }
}
