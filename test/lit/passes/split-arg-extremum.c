// SplitArgExtremum writes the search for where the largest |x[i]| is as a
// max reduction, a min reduction finding the first iteration holding it,
// and a pick that sets what the branch set.
// RUN: %c2cuda-opt %s -passes= | FileCheck %s --check-prefix=BEFORE
// RUN: %c2cuda-opt %s -passes=SplitArgExtremum 2>&1 | FileCheck %s

#include <math.h>

void amax(int n, const float *x, int *at) {
  float m = -1.0f;
  int r = -1;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    if (fabsf(x[i]) > m) {
      m = fabsf(x[i]);
      r = i;
    }
  at[0] = r;
}

// BEFORE:      {{^}}    for (int i = 0; i < n; ++i) {{{$}}
// BEFORE-NEXT: {{^}}      if (fabsf(x[i]) > m) {{{$}}
// BEFORE-NEXT: {{^}}        m = fabsf(x[i]);{{$}}
// BEFORE-NEXT: {{^}}        r = i;{{$}}

// CHECK:      {{^}}    float c2c_best0 = m;{{$}}
// CHECK-NEXT: {{^}}    for (int i = 0; i < n; ++i) {{{$}}
// CHECK-NEXT: {{^}}      c2c_best0 = fabsf(x[i]) > c2c_best0 ? fabsf(x[i]) : c2c_best0;{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}    long long c2c_at0 = (long long)n * 2LL + 1LL;{{$}}
// CHECK-NEXT: {{^}}    for (int i = 0; i < n; ++i) {{{$}}
// CHECK-NEXT: {{^}}      if (fabsf(x[i]) == c2c_best0) {{{$}}
// CHECK-NEXT: {{^}}        c2c_at0 = (long long)i * 2LL + (long long)(copysignf(1.0f, fabsf(x[i])) < 0.0f) < c2c_at0 ? (long long)i * 2LL + (long long)(copysignf(1.0f, fabsf(x[i])) < 0.0f) : c2c_at0;{{$}}
// CHECK-NEXT: {{^}}      }{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}    if (c2c_best0 > m) {{{$}}
// CHECK-NEXT: {{^}}      m = copysignf(c2c_best0, (c2c_at0 & 1LL) != 0LL ? -1.0f : 1.0f);{{$}}
// CHECK-NEXT: {{^}}      r = (int)((c2c_at0 - (c2c_at0 & 1LL)) / 2LL);{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK: remark: the search for the maximum of 'm' and where it is ('r') runs as two reductions: the maximum, then the first iteration holding it; both run in parallel
