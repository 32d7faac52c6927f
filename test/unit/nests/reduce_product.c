// Product of the elements, in double.
// EXPECT: i reduction * p
void product(int n, const double *a, double *out) {
  double p = 1.0;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    p *= a[i];
  out[0] = p;
}
