// Runs every function of narrow-types.c through c2cuda's CUDA and the C
// reference (suffix _ref) at several sizes, on fresh random bytes (every
// bit pattern is a value of these types), and compares every array byte
// for byte: the results are integers, so they must be exact.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned char u8;
typedef short i16;

#define PROTO(name, ...)                                                       \
  void name(__VA_ARGS__);                                                      \
  void name##_ref(__VA_ARGS__);
PROTO(threshold, int n, const u8 *in, u8 *out, u8 t)
PROTO(rowsum_u8, int n, int m, const unsigned char *A, unsigned char *s)
PROTO(dot_i16, int n, int m, const i16 *A, const i16 *x, i16 *y)
PROTO(negate_s8, int n, const signed char *a, signed char *b, char *c)
PROTO(blend_u16, int n, const char *a, const unsigned short *w,
      unsigned short *o, int *wide)
PROTO(blur_u8, int h, int w, const u8 *in, u8 *out)
PROTO(gemm_u8, int M, int N, int K, const u8 *A, const u8 *B, int *C)

static unsigned long long Seed = 88172645463325252ull;
static unsigned next(void) {
  Seed ^= Seed << 13;
  Seed ^= Seed >> 7;
  Seed ^= Seed << 17;
  return (unsigned)(Seed >> 11);
}

// One array: the copy the CUDA version gets and the reference's, equal
// random bytes to start with (outputs too: elements C leaves alone must
// keep them).
typedef struct {
  const char *name;
  size_t bytes;
  void *got, *ref;
} Arr;

static Arr make(const char *name, long count, size_t elem) {
  Arr a = {name, (size_t)(count < 0 ? 0 : count) * elem, NULL, NULL};
  a.got = malloc(a.bytes + 16);
  a.ref = malloc(a.bytes + 16);
  for (size_t i = 0; i < a.bytes; ++i)
    ((unsigned char *)a.got)[i] = (unsigned char)next();
  memcpy(a.ref, a.got, a.bytes);
  return a;
}

static int Passed, Failed;

static void finish(const char *fn, int n, int m, Arr *as, int k) {
  int ok = 1;
  for (int a = 0; a < k; ++a) {
    if (memcmp(as[a].got, as[a].ref, as[a].bytes)) {
      size_t i = 0;
      while (((unsigned char *)as[a].got)[i] == ((unsigned char *)as[a].ref)[i])
        ++i;
      printf("MISMATCH %s: array %s byte %zu: got %u, reference %u\n", fn,
             as[a].name, i, ((unsigned char *)as[a].got)[i],
             ((unsigned char *)as[a].ref)[i]);
      ok = 0;
    }
    free(as[a].got);
    free(as[a].ref);
  }
  printf("CHECK %s n=%d m=%d %s\n", fn, n, m, ok ? "PASS" : "FAIL");
  ok ? ++Passed : ++Failed;
}

#define G(a, T) ((T *)(a).got)
#define R(a, T) ((T *)(a).ref)
#define RUN(fn, n, m, call, refcall, ...)                                      \
  do {                                                                         \
    Arr as[] = {__VA_ARGS__};                                                  \
    enum { K = sizeof(as) / sizeof(as[0]) };                                   \
    call;                                                                      \
    refcall;                                                                   \
    finish(#fn, n, m, as, K);                                                  \
  } while (0)

int main(void) {
  int ns[] = {1, 2, 3, 17, 64, 1000, 4097};
  int ms[] = {1, 3, 16, 17, 300};
  for (unsigned a = 0; a < sizeof(ns) / sizeof(ns[0]); ++a) {
    for (unsigned b = 0; b < sizeof(ms) / sizeof(ms[0]); ++b) {
      int n = ns[a], m = ms[b];
      long nm = (long)n * m;
      u8 t = (u8)next();
      RUN(threshold, n, m,
          threshold(n, G(as[0], u8), G(as[1], u8), t),
          threshold_ref(n, R(as[0], u8), R(as[1], u8), t),
          make("in", n, 1), make("out", n, 1));
      RUN(rowsum_u8, n, m,
          rowsum_u8(n, m, G(as[0], u8), G(as[1], u8)),
          rowsum_u8_ref(n, m, R(as[0], u8), R(as[1], u8)),
          make("A", nm, 1), make("s", n, 1));
      RUN(dot_i16, n, m,
          dot_i16(n, m, G(as[0], i16), G(as[1], i16), G(as[2], i16)),
          dot_i16_ref(n, m, R(as[0], i16), R(as[1], i16), R(as[2], i16)),
          make("A", nm, 2), make("x", m, 2), make("y", n, 2));
      RUN(negate_s8, n, m,
          negate_s8(n, G(as[0], signed char), G(as[1], signed char),
                    G(as[2], char)),
          negate_s8_ref(n, R(as[0], signed char), R(as[1], signed char),
                        R(as[2], char)),
          make("a", n, 1), make("b", n, 1), make("c", n, 1));
      RUN(blend_u16, n, m,
          blend_u16(n, G(as[0], char), G(as[1], unsigned short),
                    G(as[2], unsigned short), G(as[3], int)),
          blend_u16_ref(n, R(as[0], char), R(as[1], unsigned short),
                        R(as[2], unsigned short), R(as[3], int)),
          make("a", n, 1), make("w", n, 2), make("o", n, 2),
          make("wide", n, 4));
      if (n <= 1000) {
        RUN(blur_u8, n, m,
            blur_u8(n, m, G(as[0], u8), G(as[1], u8)),
            blur_u8_ref(n, m, R(as[0], u8), R(as[1], u8)),
            make("in", nm, 1), make("out", nm, 1));
        // M = n, N = m; K = 64 (rows of 16-byte runs, aligned where m is
        // a multiple of 16) or 67 (neither a multiple of the strip nor
        // aligned).
        int k = m % 2 ? 67 : 64;
        RUN(gemm_u8, n, m,
            gemm_u8(n, m, k, G(as[0], u8), G(as[1], u8), G(as[2], int)),
            gemm_u8_ref(n, m, k, R(as[0], u8), R(as[1], u8), R(as[2], int)),
            make("A", (long)n * k, 1), make("B", (long)k * m, 1),
            make("C", nm, 4));
      }
    }
  }
  printf("%d passed, %d failed\n", Passed, Failed);
  return Failed != 0;
}
