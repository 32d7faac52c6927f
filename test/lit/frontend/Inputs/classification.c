// isnan, isinf and isfinite in a nest (<math.h> macros, compiler builtins
// once expanded). Compiled by c2cuda, and with -DC2C_REF by the host C
// compiler as the reference (classify_ref).
#include <math.h>

#ifdef C2C_REF
#define FN(name) name##_ref
#else
#define FN(name) name
#endif

void FN(classify)(int n, const float *x, const double *d, int *k, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    k[i] = isnan(x[i]) + 2 * (isinf(x[i]) != 0) + 4 * isfinite(d[i]) +
           8 * (isinf(d[i]) < 0) + 16 * (isinf(x[i]) > 0);
    y[i] = isnan(x[i]) || isinf(x[i]) ? 0.0f : 2.0f * x[i];
  }
}
