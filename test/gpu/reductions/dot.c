/* A dot product: a '+' reduction into a host scalar, allowed by its clause.
 * The start value 1 checks that the scalar is copied to the device. */
void dot(int n, const float *x, const float *y, float *out) {
  float s = 1.0f;
#pragma c2cuda kernel reduction(+: s)
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  out[0] = s;
}
