// A temporary declared in the loop is private (parallel). One declared
// outside the nest and written before it is read in each iteration is made
// private too (frontend/PrivatizeScalars.h); one whose value is used after
// the nest stays shared by all iterations (written, then read later).
// EXPECT: i parallel
// EXPECT: i@2 parallel
// EXPECT: i@3 sequential flow >= 1
float temps(int n, const float *a, float *b, float *c) {
  float t, last;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float u = 2.0f * a[i];
    b[i] = u * u;
  }
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    t = 2.0f * a[i];
    c[i] = t * t;
  }
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    last = 2.0f * a[i];
    c[i] = last * last;
  }
  return last;
}
