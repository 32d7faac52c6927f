/* Reverses a[0..n-1] in place: iteration i swaps a[i] and a[n-1-i], and no
 * two iterations touch the same element, so the loop is parallel. */
void reverse(int n, float *a) {
#pragma c2cuda kernel
  for (int i = 0; i < n / 2; i++) {
    float tmp = a[i];
    a[i] = a[n - 1 - i];
    a[n - 1 - i] = tmp;
  }
}
