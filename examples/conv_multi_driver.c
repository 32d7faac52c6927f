/* Checks conv_multi() (the function under test, linked from the emitted .cu)
 * against conv_multi.c compiled with double.
 * Usage: conv_multi_driver [N C H W K R S]   (R <= H, S <= W) */
#include "check.h"

void conv_multi(int N, int C, int H, int W, int K, int R, int S,
                const float *in, const float *filt, float *out);

#define conv_multi conv_multi_ref64
#define float double
#include "conv_multi.c"
#undef float
#undef conv_multi

int main(int argc, char **argv) {
  const char *usage = "[N C H W K R S]";
  int N = (int)c2c_arg(argc, argv, 1, 3, 1, usage);
  int C = (int)c2c_arg(argc, argv, 2, 5, 1, usage);
  int H = (int)c2c_arg(argc, argv, 3, 67, 1, usage);
  int W = (int)c2c_arg(argc, argv, 4, 45, 1, usage);
  int K = (int)c2c_arg(argc, argv, 5, 7, 1, usage);
  int R = (int)c2c_arg(argc, argv, 6, 3, 1, usage);
  int S = (int)c2c_arg(argc, argv, 7, 5, 1, usage);
  int P, Q;
  size_t nin, nf, nout;
  float *in, *filt, *out;
  double *ind, *filtd, *outd;
  char sizes[128];

  if (R > H || S > W) {
    fprintf(stderr, "error: the filter (R=%d, S=%d) is larger than the image "
                    "(H=%d, W=%d)\n", R, S, H, W);
    return 2;
  }
  P = H - R + 1;
  Q = W - S + 1;
  nin = (size_t)N * C * H * W;
  nf = (size_t)K * C * R * S;
  nout = (size_t)N * K * P * Q;
  in = c2c_new(nin);
  filt = c2c_new(nf);
  out = c2c_new(nout);
  ind = c2c_new_d(nin);
  filtd = c2c_new_d(nf);
  outd = c2c_new_d(nout);

  c2c_seed();
  c2c_fill(in, nin, -1.0, 1.0);
  c2c_fill(filt, nf, -1.0, 1.0);
  c2c_widen(in, ind, nin);
  c2c_widen(filt, filtd, nf);
  c2c_poison(out, nout);

  conv_multi(N, C, H, W, K, R, S, in, filt, out);
  conv_multi_ref64(N, C, H, W, K, R, S, ind, filtd, outd);

  c2c_check_unchanged("in", in, ind, nin);
  c2c_check_unchanged("filt", filt, filtd, nf);
  c2c_compare("out", out, outd, nout);
  snprintf(sizes, sizeof sizes, "N=%d,C=%d,H=%d,W=%d,K=%d,R=%d,S=%d", N, C, H,
           W, K, R, S);
  return c2c_finish("conv_multi", sizes);
}
