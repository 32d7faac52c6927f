// Inclusive prefix sum in place. a[i] = a[i] + a[i - 1] has the shape of a
// reduction, but a[i] moves with i.
// EXPECT: i sequential flow 1
void prefix_sum(int n, float *a) {
#pragma c2cuda kernel
  for (int i = 1; i < n; i++)
    a[i] = a[i] + a[i - 1];
}
