// Written after the nest: not a constant table, refused as before.
void written(int n, float *out) {
  float t[2] = {1, 2};
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    out[i] = t[i % 2];
  t[0] = out[0];
}
