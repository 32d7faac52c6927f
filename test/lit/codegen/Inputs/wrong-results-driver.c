// Runs every function of wrong-results.c through c2cuda's CUDA and the C
// reference (suffix _ref) at several sizes, on fresh random inputs, and
// compares every array: ints exactly, floats by relative L2 error. Each
// array the CUDA version gets is exactly as long as C needs and ends at a
// page followed by an inaccessible one, so a host copy past its end faults.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define PROTO(name, ...)                                                       \
  void name(__VA_ARGS__);                                                      \
  void name##_ref(__VA_ARGS__);
PROTO(sel_seq_int, int n, int *A, int *B)
PROTO(sel_seq_float, int n, float *A, float *B)
PROTO(sel_par_float, int n, int m, float *D, float *E, float *W)
PROTO(sel_par_int, int n, int m, int *D, int *E, int *W)
PROTO(sel_3d, int n, int m, float *A, float *B, float *C)
PROTO(if_else_local, int n, int *A, int *B)
PROTO(overwrite_local, int n, float *A, float *B)
PROTO(guard_select, int n, float *A, float *B)
PROTO(guard_select_other, int n, int *A, int *B)
PROTO(guard_and, int n, float *A, float *B)
PROTO(guard_below, int n, float *A, float *B)
PROTO(guard_or, int n, int *A, int *B)
PROTO(two_rows, int m, float *F, float *G)

static unsigned long long Seed = 88172645463325252ull;
static unsigned next(void) {
  Seed ^= Seed << 13;
  Seed ^= Seed >> 7;
  Seed ^= Seed << 17;
  return (unsigned)(Seed >> 11);
}

// count elements ending right before an inaccessible page.
static void *fenced(long count, size_t elem) {
  long page = sysconf(_SC_PAGESIZE);
  size_t bytes = (size_t)count * elem;
  size_t span = (bytes + page - 1) / page * page;
  char *base = mmap(NULL, span + page, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (base == MAP_FAILED || mprotect(base + span, page, PROT_NONE)) {
    perror("mmap");
    exit(2);
  }
  return base + (span - bytes);
}

// One array: the copy the CUDA version gets (fenced) and the reference's.
typedef struct {
  const char *name;
  int isFloat;
  long count;
  void *got, *ref;
} Arr;

static Arr make(const char *name, int isFloat, long count) {
  Arr a = {name, isFloat, count < 0 ? 0 : count, NULL, NULL};
  a.got = fenced(a.count, 4);
  a.ref = malloc(a.count * 4 + 4);
  for (long i = 0; i < a.count; ++i) {
    if (isFloat)
      ((float *)a.got)[i] = 0.1f + (next() % 9000) / 10000.0f;
    else
      ((int *)a.got)[i] = (int)(next() % 17) - 8;
  }
  memcpy(a.ref, a.got, a.count * 4);
  return a;
}

static int Passed, Failed;

static void finish(const char *fn, int n, int m, Arr *as, int k) {
  int ok = 1;
  double worst = 0;
  for (int a = 0; a < k; ++a) {
    if (as[a].isFloat) {
      double num = 0, den = 0;
      for (long i = 0; i < as[a].count; ++i) {
        double g = ((float *)as[a].got)[i], r = ((float *)as[a].ref)[i];
        num += (g - r) * (g - r);
        den += r * r;
      }
      double rel = den > 0 ? sqrt(num / den) : sqrt(num);
      if (!(rel <= 1e-5))
        ok = 0;
      if (rel > worst || rel != rel)
        worst = rel;
    } else if (memcmp(as[a].got, as[a].ref, as[a].count * 4)) {
      ok = 0;
      worst = 1;
    }
  }
  printf("CHECK %s n=%d m=%d %s relL2=%g\n", fn, n, m, ok ? "PASS" : "FAIL",
         worst);
  ok ? ++Passed : ++Failed;
}

#define F(a) ((float *)(a).got)
#define I(a) ((int *)(a).got)
#define FR(a) ((float *)(a).ref)
#define IR(a) ((int *)(a).ref)
#define RUN(fn, n, m, call, refcall, ...)                                      \
  do {                                                                         \
    Arr as[] = {__VA_ARGS__};                                                  \
    enum { K = sizeof(as) / sizeof(as[0]) };                                   \
    call;                                                                      \
    refcall;                                                                   \
    finish(#fn, n, m, as, K);                                                  \
  } while (0)

static long max0(long x) { return x > 0 ? x : 0; }

int main(void) {
  int ns[] = {1, 2, 3, 7, 33, 1000, 4097};
  int ms[] = {1, 3, 17};
  for (unsigned a = 0; a < sizeof(ns) / sizeof(ns[0]); ++a) {
    for (unsigned b = 0; b < sizeof(ms) / sizeof(ms[0]); ++b) {
      int n = ns[a], m = ms[b];
      // Elements C touches, per function.
      long n1 = n >= 2 ? n : 0; // A[i], i in 1..n-1, and A[i-1]
      RUN(sel_seq_int, n, m, sel_seq_int(n, I(as[0]), I(as[1])),
          sel_seq_int_ref(n, IR(as[0]), IR(as[1])), make("A", 0, n1),
          make("B", 0, n1));
      RUN(sel_seq_float, n, m, sel_seq_float(n, F(as[0]), F(as[1])),
          sel_seq_float_ref(n, FR(as[0]), FR(as[1])), make("A", 1, n1),
          make("B", 1, n1));
      // E[i] for odd i < n only.
      long odd = n >= 2 ? ((n - 1) % 2 ? n : n - 1) : 0;
      RUN(sel_par_float, n, m,
          sel_par_float(n, m, F(as[0]), F(as[1]), F(as[2])),
          sel_par_float_ref(n, m, FR(as[0]), FR(as[1]), FR(as[2])),
          make("D", 1, n), make("E", 1, odd), make("W", 1, (long)n * m));
      RUN(sel_par_int, n, m, sel_par_int(n, m, I(as[0]), I(as[1]), I(as[2])),
          sel_par_int_ref(n, m, IR(as[0]), IR(as[1]), IR(as[2])),
          make("D", 0, n), make("E", 0, odd), make("W", 0, (long)n * m));
      if (n <= 100)
        RUN(sel_3d, n, m, sel_3d(n, m, F(as[0]), F(as[1]), F(as[2])),
            sel_3d_ref(n, m, FR(as[0]), FR(as[1]), FR(as[2])),
            make("A", 1, (long)n * m * m), make("B", 1, (long)n * m * m),
            make("C", 1, (long)n * n));
      RUN(if_else_local, n, m, if_else_local(n, I(as[0]), I(as[1])),
          if_else_local_ref(n, IR(as[0]), IR(as[1])), make("A", 0, n1),
          make("B", 0, n1));
      RUN(overwrite_local, n, m, overwrite_local(n, F(as[0]), F(as[1])),
          overwrite_local_ref(n, FR(as[0]), FR(as[1])), make("A", 1, n1),
          make("B", 1, n1));
      RUN(guard_select, n, m, guard_select(n, F(as[0]), F(as[1])),
          guard_select_ref(n, FR(as[0]), FR(as[1])), make("A", 1, n),
          make("B", 1, n));
      RUN(guard_select_other, n, m, guard_select_other(n, I(as[0]), I(as[1])),
          guard_select_other_ref(n, IR(as[0]), IR(as[1])),
          make("A", 0, n1), make("B", 0, n));
      RUN(guard_and, n, m, guard_and(n, F(as[0]), F(as[1])),
          guard_and_ref(n, FR(as[0]), FR(as[1])), make("A", 1, n1),
          make("B", 1, max0(n - 1)));
      RUN(guard_below, n, m, guard_below(n, F(as[0]), F(as[1])),
          guard_below_ref(n, FR(as[0]), FR(as[1])), make("A", 1, max0(n - 1)),
          make("B", 1, n));
      RUN(guard_or, n, m, guard_or(n, I(as[0]), I(as[1])),
          guard_or_ref(n, IR(as[0]), IR(as[1])), make("A", 0, max0(n - 1)),
          make("B", 0, n));
      if (b == 0) {
        // two_rows takes one size: m = n.
        long mm = n >= 2 ? (long)n * n : 0;
        if (n <= 1000)
          RUN(two_rows, n, n, two_rows(n, F(as[0]), F(as[1])),
              two_rows_ref(n, FR(as[0]), FR(as[1])), make("F", 1, mm),
              make("G", 1, n >= 2 ? n : 0));
      }
    }
  }
  printf("%d passed, %d failed\n", Passed, Failed);
  return Failed != 0;
}
