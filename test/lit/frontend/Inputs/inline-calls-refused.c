// Not inlined: a function returning in a branch after which it goes on; a
// function that calls itself.
float clip(float x) {
  if (x > 1.0f)
    x = 1.0f;
  else if (x < -1.0f)
    return -1.0f;
  return x;
}
int down(int k) { return k > 0 ? down(k - 1) : 0; }
void f(int n, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = clip(y[i]) + down(i);
}
