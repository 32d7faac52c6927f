// 'while' and 'do-while' loops that do not count (frontend/while-loops.c)
// run as written in each thread: a loop over an iterator of its own with no
// bound, whose body first leaves where the condition fails (a 'do-while'
// from its second iteration on), so a 'continue' tests the condition
// again, as in C. The CUDA prints the loop with the exit in its condition;
// a tile clause cannot strip-mine it. Refused: a condition with side
// effects (diagnostics/while.c).
#include <math.h>
void collatz(int n, const int start[n], int steps[n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    long x = (start[i] & 1023) + 1;
    int s = 0;
    while (x != 1) {
      x = (x % 2 == 0) ? x / 2 : 3 * x + 1;
      s++;
    }
    steps[i] = s;
  }
}
void bisect(int n, const double c[n], double root[n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    double lo = 0.0, hi = c[i] + 1.0;
    while (hi - lo > 1e-12 * hi) {
      double mid = 0.5 * (lo + hi);
      if (mid * mid > c[i])
        hi = mid;
      else
        lo = mid;
    }
    root[i] = lo;
  }
}
void halve(int n, float A[n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float x = A[i] * 100.0f;
    do
      x = x / 2;
    while (x > 1.0f);
    A[i] = x;
  }
}
void skipper(int n, int m, const float A[n][m], float out[n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    int j = 0;
    float t = 0;
    while (j < m) {
      j++;
      if (A[i][j - 1] < 1.0f)
        continue;
      t += A[i][j - 1];
    }
    out[i] = t;
  }
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK --implicit-check-not=error:
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
// RUN: %c2cuda-check %s --size n=37,m=29 --trials 2 --random-schedules 3 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL --implicit-check-not=UNSUPPORTED
// RUN: not %c2cuda %s --schedule %S/Inputs/unbounded-strip.json -o %t.strip.cu 2>&1 | FileCheck %s --check-prefix=STRIP
// ORACLE-COUNT-16: {{^}}CHECK {{[a-z]+}} PASS

// CHECK-LABEL: {{^}}__global__ void {{.*}}collatz_kernel0(
// CHECK:       {{^ +}}int c2c_break0 = 0;{{$}}
// CHECK-NEXT:  {{^ +}}for (long long c2c_w0 = 0LL; c2c_w0 < 9223372036854775807LL && !c2c_break0; ++c2c_w0) {{[{]}}{{$}}
// CHECK-NEXT:  {{^ +}}if (!(x != (long long)1)) {{[{]}}{{$}}
// CHECK-NEXT:  {{^ +}}c2c_break0 = 1;{{$}}
// CHECK-NEXT:  {{^ +}}} else {{[{]}}{{$}}
// CHECK-LABEL: {{^}}__global__ void {{.*}}halve_kernel0(
// CHECK:       {{^ +}}if (c2c_w{{[0-9]+}} > 0LL && !(x > 1.0f)) {{[{]}}{{$}}

// STRIP: {{^}}{{.*}}unbounded-while.c:22:1: error: tile(c2c_w0: 4) cannot strip-mine 'c2c_w0': a 'break' ends it (from {{.*}}unbounded-strip.json: bisect[0]){{$}}

// REMARK-NOT: error:
