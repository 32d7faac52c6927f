// ExpandIntegerPowers: pow and powf with a literal exponent 1 to 4 become
// multiplications in the call's type, with a remark; other exponents, and
// bases holding a call, stay calls. The CPU oracle checks the kernels.
#include <math.h>
void powers(int n, const double *x, const float *y, double *a, float *b,
            double *c) {
#pragma scop
  for (int i = 0; i < n; i++) {
    a[i] = pow(x[i] - 1.0, 2) + pow(x[i], 3.0) + pow(x[i], 4);
    b[i] = powf(y[i], 2.0f) + powf(y[i], 1);
    c[i] = pow(x[i], 5) + pow(x[i], 2.5) + pow(sqrt(x[i]), 2) + pow(y[i], 2);
  }
#pragma endscop
}
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cu
// RUN: %c2cuda-check %s --size n=300 --trials 2 | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s --size n=5000 --trials 1 | FileCheck %s --check-prefix=ORACLE
// REMARK: expand-integer-powers.c:8:3: remark: small integer power computed by multiplying: pow(x[i] - 1.0, (double)2) as (x[i] - 1.0) * (x[i] - 1.0){{$}}
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) powers_kernel0(
// CHECK: {{^}}          a[i] = (x[i] - 1.0) * (x[i] - 1.0) + x[i] * x[i] * x[i] + x[i] * x[i] * (x[i] * x[i]);{{$}}
// CHECK-NEXT: {{^}}          b[i] = y[i] * y[i] + y[i];{{$}}
// CHECK-NEXT: {{^}}          c[i] = pow(x[i], (double)5) + pow(x[i], 2.5) + pow(sqrt(x[i]), (double)2) + (double)y[i] * (double)y[i];{{$}}
// ORACLE: {{^}}CHECK powers PASS
