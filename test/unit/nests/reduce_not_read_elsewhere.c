// Reduction-shaped updates that are not reductions: the target is read in
// the value (s += s * a[i]), updated with two operators (the first blocking
// pair is the two writes), or overwritten.
// EXPECT: i sequential flow >= 1
// EXPECT: i@2 sequential output >= 1
// EXPECT: i@3 sequential output >= 1
void not_reductions(int n, const float *a, float *out) {
  float s = 1.0f, p = 1.0f, q = 0.0f;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    s += s * a[i];
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    p += a[i];
    p *= a[i];
  }
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    q = a[i];
    q += a[i];
  }
  out[0] = s + p + q;
}
