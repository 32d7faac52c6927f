/* check.h - shared helpers of the example drivers (examples/NAME_driver.c).
 *
 * A driver fills the inputs of one example with fresh random values, poisons
 * the outputs with NaN, calls the function under test (the CUDA drop-in that
 * c2cuda emitted, or the example itself in a CPU self-test), runs the same C
 * source compiled with float replaced by double as the reference, and
 * compares every output by relative L2 error. See examples/README.md.
 *
 * Everything here is static so that each driver is one self-contained C99
 * translation unit. Include this header FIRST: it sets _POSIX_C_SOURCE and
 * pulls in every system header the drivers and the examples use, so that the
 * later `#define float double` cannot reach a system header.
 */
#ifndef C2CUDA_EXAMPLES_CHECK_H
#define C2CUDA_EXAMPLES_CHECK_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Pass threshold on the relative L2 error of a float result against the
 * float64 reference (examples/README.md says why 1e-4). */
#define C2C_TOL 1e-4
/* Second criterion: the largest difference of one element, relative to the
 * RMS of the reference array. */
#define C2C_ELEM_TOL 1e-3

/* Elements allocated after each float array and filled with a sentinel: a
 * host wrapper that copies back more elements than the array has overwrites
 * them. */
#define C2C_GUARD 64
#define C2C_SENTINEL 1234.5f

static uint64_t c2c_state;
static int c2c_failed;     /* A check other than the error bound failed. */
static double c2c_worst;   /* Largest relative L2 error seen so far. */
static int c2c_compared;   /* Number of outputs compared. */

/* splitmix64: small, fast, and the same on every platform. */
static inline uint64_t c2c_next(void) {
  uint64_t z = (c2c_state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* Seeds from the clock and the pid (fresh inputs on every run), or from
 * C2CUDA_SEED to replay a failing run; prints the seed either way. */
static inline void c2c_seed(void) {
  const char *env = getenv("C2CUDA_SEED");
  uint64_t s;
  if (env && *env) {
    s = strtoull(env, NULL, 0);
  } else {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    s = ((uint64_t)ts.tv_sec * 1000000007ull) ^ ((uint64_t)ts.tv_nsec << 16) ^
        ((uint64_t)getpid() << 40);
  }
  c2c_state = s;
  printf("# seed %llu (set C2CUDA_SEED to replay)\n", (unsigned long long)s);
#ifdef C2CUDA_CPU_SELFTEST
  printf("# cpu self-test: the function under test is the example itself, "
         "compiled as C\n");
#endif
}

/* Uniform in [lo, hi). */
static inline double c2c_uniform(double lo, double hi) {
  return lo + (hi - lo) * ((double)(c2c_next() >> 11) * 0x1.0p-53);
}

/* Parses argv[i] as a size, or returns def when absent; exits 2 on a value
 * that is not an integer or is below min. */
static inline long c2c_arg(int argc, char **argv, int i, long def, long min,
                    const char *usage) {
  long v = def;
  if (i < argc) {
    char *end;
    v = strtol(argv[i], &end, 10);
    if (*argv[i] == '\0' || *end != '\0') {
      fprintf(stderr, "error: '%s' is not an integer\nusage: %s %s\n", argv[i],
              argv[0], usage);
      exit(2);
    }
  }
  if (v < min) {
    fprintf(stderr, "error: argument %d must be at least %ld\nusage: %s %s\n",
            i, min, argv[0], usage);
    exit(2);
  }
  return v;
}

static inline void *c2c_alloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p) {
    fprintf(stderr, "error: out of memory (%zu bytes)\n", bytes);
    exit(2);
  }
  return p;
}

/* A float array of n elements followed by C2C_GUARD sentinels; the n
 * elements start as NaN. */
static inline float *c2c_new(size_t n) {
  float *a = (float *)c2c_alloc((n + C2C_GUARD) * sizeof(float));
  size_t i;
  for (i = 0; i < n; ++i)
    a[i] = NAN;
  for (i = 0; i < C2C_GUARD; ++i)
    a[n + i] = C2C_SENTINEL;
  return a;
}

static inline double *c2c_new_d(size_t n) {
  double *a = (double *)c2c_alloc(n * sizeof(double));
  size_t i;
  for (i = 0; i < n; ++i)
    a[i] = NAN;
  return a;
}

/* Fresh random values in [lo, hi), rounded to float. */
static inline void c2c_fill(float *a, size_t n, double lo, double hi) {
  size_t i;
  for (i = 0; i < n; ++i)
    a[i] = (float)c2c_uniform(lo, hi);
}

/* NaN everywhere: an element the function under test does not write stays
 * NaN and fails the comparison. */
static inline void c2c_poison(float *a, size_t n) {
  size_t i;
  for (i = 0; i < n; ++i)
    a[i] = NAN;
}

/* The reference's copy of a float array (exact). */
static inline void c2c_widen(const float *a, double *d, size_t n) {
  size_t i;
  for (i = 0; i < n; ++i)
    d[i] = (double)a[i];
}

/* Fails unless the C2C_GUARD elements after a[n-1] still hold the sentinel. */
static inline void c2c_check_guard(const char *what, const float *a, size_t n) {
  size_t i;
  for (i = 0; i < C2C_GUARD; ++i) {
    float s = C2C_SENTINEL;
    if (memcmp(&a[n + i], &s, sizeof s) != 0) {
      printf("  %s: element %zu past the end (of %zu) was overwritten\n", what,
             i, n);
      c2c_failed = 1;
      return;
    }
  }
}

/* Fails unless the read-only input a is bit for bit what it was (orig holds
 * its widened copy taken before the call). */
static inline void c2c_check_unchanged(const char *what, const float *a,
                                const double *orig, size_t n) {
  size_t i;
  for (i = 0; i < n; ++i) {
    float o = (float)orig[i];
    if (memcmp(&a[i], &o, sizeof o) != 0) {
      printf("  %s: read-only input changed at index %zu (%g, was %g)\n", what,
             i, (double)a[i], (double)o);
      c2c_failed = 1;
      break;
    }
  }
  c2c_check_guard(what, a, n);
}

/* ||out - ref||_2 / ||ref||_2 in double; infinite when out holds a NaN or an
 * infinity. Also fails when one element is off by more than C2C_ELEM_TOL
 * times the RMS of the reference: in a large array a single wrong element
 * hardly moves the L2 error (examples/README.md). Prints one detail line and
 * records the worst L2 error. */
static inline double c2c_compare(const char *what, const float *out,
                                 const double *ref, size_t n) {
  double num = 0.0, den = 0.0, maxd = 0.0, rms, elem, err;
  size_t i, bad = 0, firstbad = 0, argmax = 0;
  for (i = 0; i < n; ++i) {
    double d;
    if (!isfinite(out[i])) {
      if (bad++ == 0)
        firstbad = i;
      continue;
    }
    d = fabs((double)out[i] - ref[i]);
    num += d * d;
    den += ref[i] * ref[i];
    if (d > maxd) {
      maxd = d;
      argmax = i;
    }
  }
  if (bad) {
    printf("  %s: %zu of %zu values are NaN or Inf, the first at index %zu\n",
           what, bad, n, firstbad);
    err = INFINITY;
  } else {
    err = den > 0.0 ? sqrt(num / den) : sqrt(num);
    rms = n ? sqrt(den / (double)n) : 0.0;
    elem = rms > 0.0 ? maxd / rms : maxd;
    printf("  %s: relL2=%.3e over %zu values; largest difference %.3e "
           "(%.1e of the reference RMS) at index %zu: got %.9g, reference "
           "%.9g\n",
           what, err, n, maxd, elem, argmax, n ? (double)out[argmax] : 0.0,
           n ? ref[argmax] : 0.0);
    if (elem > C2C_ELEM_TOL) {
      printf("  %s: element %zu is off by more than %.0e of the reference "
             "RMS\n",
             what, argmax, C2C_ELEM_TOL);
      c2c_failed = 1;
    }
  }
  c2c_check_guard(what, out, n);
  if (isnan(err)) { /* The reference itself is not finite: a driver bug. */
    printf("  %s: the float64 reference is not finite\n", what);
    c2c_failed = 1;
  } else if (err > c2c_worst) {
    c2c_worst = err;
  }
  ++c2c_compared;
  return err;
}

/* Prints `CHECK <name> <sizes> relL2=<worst> PASS|FAIL` and returns the exit
 * status: 0 on pass, 1 on fail. */
static inline int c2c_finish(const char *name, const char *sizes) {
  int pass = !c2c_failed && c2c_compared > 0 && c2c_worst <= C2C_TOL;
  printf("CHECK %s %s relL2=%.3e %s\n", name, sizes, c2c_worst,
         pass ? "PASS" : "FAIL");
  fflush(stdout);
  return pass ? 0 : 1;
}

#endif /* C2CUDA_EXAMPLES_CHECK_H */
