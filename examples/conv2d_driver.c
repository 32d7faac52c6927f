/* Checks conv2d_3x3() and conv2d_5x5() (the functions under test, linked
 * from the emitted .cu) against conv2d.c compiled with double.
 * Usage: conv2d_driver [H W]   (H, W >= 5) */
#include "check.h"

void conv2d_3x3(int H, int W, const float *in, const float mask[3][3],
                float *out);
void conv2d_5x5(int H, int W, const float *in, const float mask[5][5],
                float *out);

#define conv2d_3x3 conv2d_3x3_ref64
#define conv2d_5x5 conv2d_5x5_ref64
#define float double
#include "conv2d.c"
#undef float
#undef conv2d_3x3
#undef conv2d_5x5

int main(int argc, char **argv) {
  const char *usage = "[H W]";
  int H = (int)c2c_arg(argc, argv, 1, 1001, 5, usage);
  int W = (int)c2c_arg(argc, argv, 2, 777, 5, usage);
  size_t nin = (size_t)H * W;
  size_t n3 = (size_t)(H - 2) * (W - 2), n5 = (size_t)(H - 4) * (W - 4);
  float *in = c2c_new(nin), *m3 = c2c_new(9), *m5 = c2c_new(25);
  float *o3 = c2c_new(n3), *o5 = c2c_new(n5);
  double *ind = c2c_new_d(nin), *m3d = c2c_new_d(9), *m5d = c2c_new_d(25);
  double *o3d = c2c_new_d(n3), *o5d = c2c_new_d(n5);
  char sizes[96];

  c2c_seed();
  c2c_fill(in, nin, -1.0, 1.0);
  c2c_fill(m3, 9, -1.0, 1.0);
  c2c_fill(m5, 25, -1.0, 1.0);
  c2c_widen(in, ind, nin);
  c2c_widen(m3, m3d, 9);
  c2c_widen(m5, m5d, 25);
  c2c_poison(o3, n3);
  c2c_poison(o5, n5);

  conv2d_3x3(H, W, in, (const float(*)[3])m3, o3);
  conv2d_5x5(H, W, in, (const float(*)[5])m5, o5);
  conv2d_3x3_ref64(H, W, ind, (const double(*)[3])m3d, o3d);
  conv2d_5x5_ref64(H, W, ind, (const double(*)[5])m5d, o5d);

  c2c_check_unchanged("in", in, ind, nin);
  c2c_check_unchanged("mask3", m3, m3d, 9);
  c2c_check_unchanged("mask5", m5, m5d, 25);
  c2c_compare("out (3x3)", o3, o3d, n3);
  c2c_compare("out (5x5)", o5, o5d, n5);
  snprintf(sizes, sizeof sizes, "H=%d,W=%d", H, W);
  return c2c_finish("conv2d", sizes);
}
