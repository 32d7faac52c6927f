/* Checks transpose() (the function under test, linked from the emitted .cu)
 * against transpose.c compiled with double. Usage: transpose_driver [rows cols] */
#include "check.h"

void transpose(int rows, int cols, const float *in, float *out);

#define transpose transpose_ref64
#define float double
#include "transpose.c"
#undef float
#undef transpose

int main(int argc, char **argv) {
  const char *usage = "[rows cols]";
  int rows = (int)c2c_arg(argc, argv, 1, 1001, 1, usage);
  int cols = (int)c2c_arg(argc, argv, 2, 777, 1, usage);
  size_t n = (size_t)rows * cols;
  float *in = c2c_new(n), *out = c2c_new(n);
  double *ind = c2c_new_d(n), *outd = c2c_new_d(n);
  char sizes[64];

  c2c_seed();
  c2c_fill(in, n, -1.0, 1.0);
  c2c_widen(in, ind, n);
  c2c_poison(out, n);

  transpose(rows, cols, in, out);
  transpose_ref64(rows, cols, ind, outd);

  c2c_check_unchanged("in", in, ind, n);
  c2c_compare("out", out, outd, n);
  snprintf(sizes, sizeof sizes, "rows=%d,cols=%d", rows, cols);
  return c2c_finish("transpose", sizes);
}
