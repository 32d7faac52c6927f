/* Three element-wise nests in a row: a whole-function tuning test. */
void three_steps(int n, const float *x, float *y, float *z, float *w) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = 2.0f * x[i];
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    z[i] = y[i] + x[i];
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    w[i] = z[i] * y[i];
}
