// Sum of the positive elements, as s = s + e under an if: still a reduction.
// EXPECT: i reduction + s
void positive_sum(int n, const float *a, float *out) {
  float s = 0.0f;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    if (a[i] > 0.0f)
      s = s + a[i];
  out[0] = s;
}
