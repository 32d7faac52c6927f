// saxpy: independent iterations.
// EXPECT: i parallel
void saxpy(int n, float a, const float *x, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}
