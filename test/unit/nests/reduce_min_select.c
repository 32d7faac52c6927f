// Minimum written as a conditional expression.
// EXPECT: i reduction min m
void minimum(int n, const int *a, int *out) {
  int m = a[0];
#pragma c2cuda kernel
  for (int i = 1; i < n; i++)
    m = a[i] < m ? a[i] : m;
  out[0] = m;
}
