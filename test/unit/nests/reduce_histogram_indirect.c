// A histogram: the bin depends on the data, so the target moves with i in an
// unknown way; h is only updated with '+', so the updates may run in any
// order: a reduction.
// EXPECT: i reduction + h[key[i]]
void histogram(int n, const int *key, float *h) {
#pragma c2cuda kernel extent(h: 256)
  for (int i = 0; i < n; i++)
    h[key[i]] += 1.0f;
}
