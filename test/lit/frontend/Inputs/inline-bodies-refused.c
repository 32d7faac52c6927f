// A function with statements called after '&&': its statements would run
// where C does not run them.
static float dot(int m, const float *a, const float *b) {
  float s = 0;
  for (int k = 0; k < m; k++)
    s += a[k] * b[k];
  return s;
}
void f(int n, int m, const float *A, const float *x, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float t = 0.0f;
    if (A[i * m] > 0.0f &&
        i < m && dot(m, &A[i * m], x) > 0.0f)
      t = 1.0f;
    y[i] = t;
  }
}
