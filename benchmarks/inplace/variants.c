/* In-place element-wise loops: each reads an array it writes, so the
 * reads of one iteration cannot be issued before the stores of the
 * previous one unless the compiler knows the two apart. */
void reverse(int n, float *a) {
#pragma c2cuda kernel
  for (int i = 0; i < n / 2; i++) {
    float tmp = a[i];
    a[i] = a[n - 1 - i];
    a[n - 1 - i] = tmp;
  }
}

void saxpy_inplace(int n, float a, const float *x, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

/* NMF's multiplicative update, over rows and columns (examples/nmf.c) and
 * over one flat loop. */
void update2d(int K, int T, float eps, float *H, const float *WtV,
              const float *WtWH) {
#pragma c2cuda kernel
  for (int k = 0; k < K; k++)
    for (int t = 0; t < T; t++)
      H[k * T + t] = H[k * T + t] * WtV[k * T + t] / (WtWH[k * T + t] + eps);
}

void update1d(int n, float eps, float *H, const float *WtV, const float *WtWH) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    H[i] = H[i] * WtV[i] / (WtWH[i] + eps);
}

/* A 2-D in-place scaling of a declared array. */
void scale2d(int rows, int cols, float A[rows][cols]) {
#pragma c2cuda kernel
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      A[i][j] = 0.5f * A[i][j] + 1.0f;
}
