// Dot product.
// EXPECT: i reduction + d
void dot(int n, const float *x, const float *y, float *out) {
  float d = 0.0f;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    d += x[i] * y[i];
  out[0] = d;
}
