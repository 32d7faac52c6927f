// Integer bitwise reductions: or, xor, and.
// EXPECT: i reduction | any
// EXPECT: i@2 reduction ^ check
// EXPECT: i@3 reduction & all
void flags(int n, const unsigned *v, unsigned *out) {
  unsigned any = 0u, check = 0u, all = ~0u;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    any |= v[i];
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    check = check ^ v[i];
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    all &= v[i];
  out[0] = any;
  out[1] = check;
  out[2] = all;
}
