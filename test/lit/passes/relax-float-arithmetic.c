// RelaxFloatArithmetic, allowed by the fast_math clause: the float result
// C computes in double (through the double constant) is computed in float,
// and expf becomes the intrinsic __expf.
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid | FileCheck %s --check-prefix=BEFORE
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid,RelaxFloatArithmetic 2>&1 | FileCheck %s
#include <math.h>

void act(int n, float s, const float *x, float *y) {
#pragma c2cuda kernel fast_math
  for (int i = 0; i < n; i++)
    y[i] = expf(x[i]) * 0.5 / s;
}

// BEFORE: {{^}}    y[i] = (float)((double)expf(x[i]) * 0.5 / (double)s);{{$}}

// CHECK: {{^}}    y[i] = __expf(x[i]) * 0.5f / s;{{$}}
// CHECK: remark: fast math: a float result that C computes in double computed in float (0.5 as 0.5f)
// CHECK: remark: fast math: expf as the intrinsic __expf (error at most 2 + floor(|1.173 x|) ulp)
