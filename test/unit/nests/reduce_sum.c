// Sum into a host scalar, then stored by host code.
// EXPECT: i reduction + sum
void total(int n, const float *a, float *out) {
  float sum = 0.0f;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    sum += a[i];
  out[0] = sum;
}
