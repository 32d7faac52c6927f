// m changes before the nest: its quotient is no single value to name.
void halve(int n, int m, const float *in, float *out) {
  m = m + 1;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
      out[i * (m / 2)] = in[i];
}
