// examples/reverse.c: each iteration swaps its own pair of elements.
// EXPECT: i parallel
void reverse(int n, float *a) {
#pragma c2cuda kernel
  for (int i = 0; i < n / 2; i++) {
    float tmp = a[i];
    a[i] = a[n - 1 - i];
    a[n - 1 - i] = tmp;
  }
}
