// Each a[i] accumulates the three elements before it: i reads one to three
// iterations back; k reduces into a[i] (a[i - 1 - k] is another element).
// EXPECT: i sequential flow 1..3
// EXPECT: k reduction + a[i]
void three_back(int n, float *a) {
#pragma c2cuda kernel
  for (int i = 3; i < n; i++)
    for (int k = 0; k < 3; k++)
      a[i] = a[i] + a[i - 1 - k];
}
