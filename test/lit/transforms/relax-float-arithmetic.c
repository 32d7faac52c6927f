// RelaxFloatArithmetic: only with permission (--fast-math, or the clause
// fast_math on one nest), double arithmetic with a float result runs in
// float, float math functions become CUDA intrinsics, 1 / sqrt becomes
// rsqrt, and divisions by values a loop does not change become
// multiplications by their reciprocals. Without permission nothing changes.
// The CPU oracle checks the rewritten kernels.
#include <math.h>
void relax(int n, int m, float s, const float *x, float *y, float *z,
           double *w) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    y[i] = 0.25 * x[i] + sin(x[i]) / s;
    z[i] = 1.0f / sqrtf(x[i] + 1.0f) + expf(x[i]) / 3.0f;
    w[i] = exp((double)x[i]) / s;
  }
#pragma c2cuda kernel fast_math
  for (int i = 0; i < n; i++) {
    float acc = 0.0f;
    for (int k = 0; k < m; k++)
      acc += x[k] / (s + (float)i);
    y[i] = acc * 0.5;
  }
}
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=CLAUSE
// RUN: FileCheck %s --check-prefix=CLAUSE-CU < %t.cu
// RUN: %c2cuda --fast-math %s -o %t.fast.cu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=FAST-CU < %t.fast.cu
// RUN: %c2cuda-check %s --size n=300,m=40 --trials 2 --fast-math | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s --size n=4000,m=7 --trials 1 | FileCheck %s --check-prefix=ORACLE
//
// Only the nest with the clause is rewritten by default.
// CLAUSE-NOT: 11:3: remark: fast math
// CLAUSE: relax-float-arithmetic.c:17:3: remark: fast math: a float result that C computes in double computed in float (0.5 as 0.5f){{$}}
// CLAUSE: relax-float-arithmetic.c:17:3: remark: fast math: division by s + (float)i as multiplication by its reciprocal 1.0f / (s + (float)i), computed once before loop 'k'{{$}}
// CLAUSE-CU: {{^}}          y[i] = (float)(0.25 * (double)x[i] + sin((double)x[i]) / (double)s);{{$}}
// CLAUSE-CU: {{^}}      acc += x[k] * (1.0f / (s + (float)i));{{$}}
// CLAUSE-CU: {{^}}    y[i] = acc * 0.5f;{{$}}
//
// REMARK: relax-float-arithmetic.c:11:3: remark: fast math: 1.0f / sqrtf as rsqrtf{{$}}
// REMARK: relax-float-arithmetic.c:11:3: remark: fast math: a float result that C computes in double computed in float (0.25 as 0.25f, sin as sinf){{$}}
// REMARK: relax-float-arithmetic.c:11:3: remark: fast math: division by (double)s as multiplication by its reciprocal 1.0 / (double)s, computed once per thread{{$}}
// REMARK: relax-float-arithmetic.c:11:3: remark: fast math: division by 3.0f as multiplication by its reciprocal 1.0f / 3.0f{{$}}
// REMARK: relax-float-arithmetic.c:11:3: remark: fast math: division by s as multiplication by its reciprocal 1.0f / s, computed once per thread{{$}}
// REMARK: relax-float-arithmetic.c:11:3: remark: fast math: expf as the intrinsic __expf (error at most 2 + floor(|1.173 x|) ulp){{$}}
// REMARK: relax-float-arithmetic.c:11:3: remark: fast math: sinf as the intrinsic __sinf (absolute error 2^-21.41 for x in [-pi, pi], larger outside){{$}}
// FAST-CU-LABEL: {{^}}__global__ void __launch_bounds__(256) relax_kernel0(
// FAST-CU: {{^}}          y[i] = 0.25f * x[i] + __sinf(x[i]) * (1.0f / s);{{$}}
// FAST-CU-NEXT: {{^}}          z[i] = rsqrtf(x[i] + 1.0f) + __expf(x[i]) * (1.0f / 3.0f);{{$}}
// FAST-CU-NEXT: {{^}}          w[i] = exp((double)x[i]) * (1.0 / (double)s);{{$}}
// ORACLE: {{^}}CHECK relax PASS
// Random schedules of both nests, with the rewrites:
// RUN: %c2cuda-check %s --size n=300,m=40 --trials 1 --fast-math --random-schedules 4 | FileCheck %s --check-prefix=RANDOM
// RANDOM-NOT: FAIL
// RANDOM: {{^}}CHECK relax PASS sched=4
