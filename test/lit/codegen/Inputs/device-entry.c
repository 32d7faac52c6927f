// Host statements that touch arrays the kernels use, for the `_device`
// entry (its host staging buffers) and the drop-in entry (its copies).
// Compiled by c2cuda, and with -DC2C_REF by the host C compiler as the
// reference (each function then gets the suffix _ref).
#ifdef C2C_REF
#define FN(name) name##_ref
#else
#define FN(name) name
#endif

// A sentinel after the elements the kernel writes: y[n] is the host's.
void FN(sentinel)(int n, const float *x, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = 2.0f * x[i];
  y[n] = -1.0f;
}

// A host loop that reads further than the kernel writes, then a kernel
// that reads what the host wrote.
void FN(host_prefix)(int n, int m, float *y, float *z, float *s) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = y[i] + 1.0f;
  float t = 0.0f;
  for (int i = 0; i < m; i++) {
    t += y[i];
    y[i] = t;
  }
  s[0] = t;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    z[i] = y[i] * 0.5f;
}
