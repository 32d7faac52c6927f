/* Checks nmf_supervised() (the function under test, linked from the emitted
 * .cu) against nmf.c compiled with double. V, W and the initial H are
 * positive; H is read and updated, so the reference starts from the same H.
 * The scratch arrays are fully written and compared too.
 * Usage: nmf_driver [F T K iters] */
#include "check.h"

void nmf_supervised(int F, int T, int K, int iters, float eps, const float *V,
                    const float *W, float *H, float *WtV, float *WtW,
                    float *WtWH);

#define nmf_supervised nmf_supervised_ref64
#define float double
#include "nmf.c"
#undef float
#undef nmf_supervised

int main(int argc, char **argv) {
  const char *usage = "[F T K iters]";
  int F = (int)c2c_arg(argc, argv, 1, 513, 1, usage);
  int T = (int)c2c_arg(argc, argv, 2, 999, 1, usage);
  int K = (int)c2c_arg(argc, argv, 3, 45, 1, usage);
  int iters = (int)c2c_arg(argc, argv, 4, 25, 1, usage);
  size_t nV = (size_t)F * T, nW = (size_t)F * K, nH = (size_t)K * T;
  size_t nKK = (size_t)K * K;
  float *V = c2c_new(nV), *W = c2c_new(nW), *H = c2c_new(nH);
  float *WtV = c2c_new(nH), *WtW = c2c_new(nKK), *WtWH = c2c_new(nH);
  double *Vd = c2c_new_d(nV), *Wd = c2c_new_d(nW), *Hd = c2c_new_d(nH);
  double *WtVd = c2c_new_d(nH), *WtWd = c2c_new_d(nKK), *WtWHd = c2c_new_d(nH);
  const float eps = 1e-9f;
  char sizes[96];

  c2c_seed();
  c2c_fill(V, nV, 0.05, 1.0);
  c2c_fill(W, nW, 0.05, 1.0);
  c2c_fill(H, nH, 0.05, 1.0);
  c2c_widen(V, Vd, nV);
  c2c_widen(W, Wd, nW);
  c2c_widen(H, Hd, nH);
  c2c_poison(WtV, nH);
  c2c_poison(WtW, nKK);
  c2c_poison(WtWH, nH);

  nmf_supervised(F, T, K, iters, eps, V, W, H, WtV, WtW, WtWH);
  nmf_supervised_ref64(F, T, K, iters, eps, Vd, Wd, Hd, WtVd, WtWd, WtWHd);

  c2c_check_unchanged("V", V, Vd, nV);
  c2c_check_unchanged("W", W, Wd, nW);
  c2c_compare("H", H, Hd, nH);
  c2c_compare("WtV", WtV, WtVd, nH);
  c2c_compare("WtW", WtW, WtWd, nKK);
  c2c_compare("WtWH", WtWH, WtWHd, nH);
  snprintf(sizes, sizeof sizes, "F=%d,T=%d,K=%d,iters=%d", F, T, K, iters);
  return c2c_finish("nmf", sizes);
}
