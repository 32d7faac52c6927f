/* Checks reverse() (the function under test, linked from the emitted .cu)
 * against reverse.c compiled with double. a is reversed in place: both get
 * the same random initial values. The default n is odd, so the middle
 * element must stay where it is. Usage: reverse_driver [n] */
#include "check.h"

void reverse(int n, float *a);

#define reverse reverse_ref64
#define float double
#include "reverse.c"
#undef float
#undef reverse

int main(int argc, char **argv) {
  int n = (int)c2c_arg(argc, argv, 1, 1000001, 1, "[n]");
  size_t nn = (size_t)n;
  float *a = c2c_new(nn);
  double *ad = c2c_new_d(nn);
  char sizes[64];

  c2c_seed();
  c2c_fill(a, nn, -1.0, 1.0);
  c2c_widen(a, ad, nn);

  reverse(n, a);
  reverse_ref64(n, ad);

  c2c_compare("a", a, ad, nn);
  snprintf(sizes, sizeof sizes, "n=%d", n);
  return c2c_finish("reverse", sizes);
}
