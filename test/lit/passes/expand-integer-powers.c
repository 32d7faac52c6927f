// ExpandIntegerPowers: pow(x, 2) and pow(x, 3) become multiplications.
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid | FileCheck %s --check-prefix=BEFORE
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid,ExpandIntegerPowers 2>&1 | FileCheck %s
#include <math.h>

void poly(int n, const double *x, double *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = pow(x[i], 2) + pow(x[i] + 1.0, 3);
}

// BEFORE: {{^}}    y[i] = pow(x[i], (double)2) + pow(x[i] + 1.0, (double)3);{{$}}

// CHECK: {{^}}    y[i] = x[i] * x[i] + (x[i] + 1.0) * (x[i] + 1.0) * (x[i] + 1.0);{{$}}
// CHECK: remark: small integer power computed by multiplying: pow(x[i] + 1.0, (double)3) as (x[i] + 1.0) * (x[i] + 1.0) * (x[i] + 1.0)
// CHECK: remark: small integer power computed by multiplying: pow(x[i], (double)2) as x[i] * x[i]
