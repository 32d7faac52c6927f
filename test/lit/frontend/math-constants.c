// <math.h>'s INFINITY, HUGE_VAL(F) and NAN expand to clang builtins
// (__builtin_inff(), __builtin_nanf("")), which were refused as calls of
// functions that are not in the C math library; clang evaluates them to
// constants, and the nest gets those (printed HUGE_VALF, NAN).
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK --implicit-check-not=error:
// RUN: FileCheck %s < %t.cu
// RUN: %c2cuda-check %s --size n=37,m=13 --trials 2 --random-schedules 2 --function logsumexp | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size n=37 --trials 2 --random-schedules 2 --function saturate | FileCheck %s --check-prefix=ORACLE2 --implicit-check-not=FAIL
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
#include <math.h>

void logsumexp(int n, int m, const double *x, double *out) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    double mx = -INFINITY;
    for (int j = 0; j < m; j++)
      if (x[i * m + j] > mx)
        mx = x[i * m + j];
    double s = 0;
    for (int j = 0; j < m; j++)
      s += exp(x[i * m + j] - mx);
    out[i] = mx + log(s);
  }
}

// The oracle poisons outputs with NaN, so it cannot check a NaN written on
// purpose; infinities it compares as values.
void mark(int n, const float *x, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = x[i] < -0.5f ? NAN : (x[i] > 0.5f ? HUGE_VALF : x[i]);
}

void saturate(int n, const float *x, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = x[i] > 0.5f ? HUGE_VALF : (x[i] < -0.5f ? -INFINITY : x[i]);
}

// REMARK: math-constants.c:14:3: remark: mapped i -> x
// CHECK: {{^ +}}double mx = (double)-HUGE_VALF;{{$}}
// CHECK: {{^ +}}y[i] = x[i] < -0.5f ? NAN : x[i] > 0.5f ? HUGE_VALF : x[i];{{$}}
// ORACLE-COUNT-3: {{^}}CHECK logsumexp PASS
// ORACLE2-COUNT-3: {{^}}CHECK saturate PASS
