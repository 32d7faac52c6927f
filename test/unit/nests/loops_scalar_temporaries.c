// A temporary declared in the loop is private (parallel); one declared
// outside the nest is shared by all iterations (written, then read later).
// EXPECT: i parallel
// EXPECT: i@2 sequential flow >= 1
void temps(int n, const float *a, float *b, float *c) {
  float t;
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
}
