// Not inlined: a body that assigns (not only declarations and a return);
// a function that calls itself.
float twice(float x) {
  float t = x;
  t += x;
  return t;
}
int down(int k) { return k > 0 ? down(k - 1) : 0; }
void f(int n, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = twice(y[i]) + down(i);
}
