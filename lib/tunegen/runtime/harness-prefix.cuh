#include <cuda_profiler_api.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

enum c2c_kind {
  C2C_INT, C2C_UINT, C2C_LONG, C2C_ULONG, C2C_FLOAT, C2C_DOUBLE,
  C2C_CHAR, C2C_SCHAR, C2C_UCHAR, C2C_SHORT, C2C_USHORT
};

struct c2c_array_desc {
  const char *name;
  c2c_kind kind;
  bool read;      // Its initial values matter: filled with random inputs.
  bool written;   // Compared after each run.
  bool on_device; // A device pointer for the _device entries (else host).
  int dist;       // --input: 0 default, 1 uniform(a, b), 2 normal(a, b),
  double a, b;    // 3 constant(a).
};

// splitmix64, as examples/check.h: the same inputs on every platform.
static uint64_t c2c_state;
static uint64_t c2c_next() {
  uint64_t z = (c2c_state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
// Uniform in [lo, hi).
static double c2c_uniform(double lo, double hi) {
  return lo + (hi - lo) * ((double)(c2c_next() >> 11) * 0x1.0p-53);
}
// An input value of array d: by default uniform in [-1, 1) for floating
// types and 0 to 7 for integers, else the distribution --input gave it
// (Box-Muller for normal).
static double c2c_draw(const c2c_array_desc &d) {
  switch (d.dist) {
  case 0:
    return d.kind == C2C_FLOAT || d.kind == C2C_DOUBLE
               ? c2c_uniform(-1, 1)
               : (double)(c2c_next() % 8);
  case 1: return c2c_uniform(d.a, d.b);
  case 2: {
    double u = c2c_uniform(0x1.0p-53, 1), v = c2c_uniform(0, 1);
    return d.a + d.b * sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
  }
  default: return d.a;
  }
}
