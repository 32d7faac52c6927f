// Prefix sum through a running scalar: the sum is read in every iteration,
// so it is not a reduction.
// EXPECT: i sequential flow >= 1
void prefix_sum_scalar(int n, const float *a, float *b) {
  float s = 0.0f;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    s += a[i];
    b[i] = s;
  }
}
