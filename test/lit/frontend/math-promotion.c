// C math calls keep C's types: sqrt of a float is computed in double, the
// f-suffixed forms stay in float, and integer arguments are converted.
#include <math.h>
#include <stdlib.h>

void mathf(int n, float *A, double *D, int *I) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    A[i] = sqrt(A[i]);
    A[i] = sqrtf(A[i]) + expf(A[i]);
    D[i] = pow(D[i], 2) + fabs(A[i]);
    I[i] = abs(I[i]) / 2;
    D[i] = fmaxf(A[i], 1.5f) * 0.1;
    A[i] = (float)I[i] + 2.5e-3f;
    I[i] = (int)D[i] + 3000000000L;
  }
}

// RUN: %c2cuda %s --dump-ir | FileCheck %s
// CHECK: {{^}}module {{.*}}math-promotion.c{{$}}
// CHECK-LABEL: {{^}}function void mathf(int n, float *A, double *D, int *I) {
// CHECK-NEXT: {{^}}  nest 0 at {{.*}}math-promotion.c:8:3 {
// CHECK-NEXT: {{^}}    for (int i = 0; i < n; ++i) {
// CHECK-NEXT: {{^}}      A[i] = (float)sqrt((double)A[i]);{{$}}
// CHECK-NEXT: {{^}}      A[i] = sqrtf(A[i]) + expf(A[i]);{{$}}
// CHECK-NEXT: {{^}}      D[i] = pow(D[i], (double)2) + fabs((double)A[i]);{{$}}
// CHECK-NEXT: {{^}}      I[i] = abs(I[i]) / 2;{{$}}
// CHECK-NEXT: {{^}}      D[i] = (double)fmaxf(A[i], 1.5f) * 0.10000000000000001;{{$}}
// CHECK-NEXT: {{^}}      A[i] = (float)I[i] + 0.00249999994f;{{$}}
// CHECK-NEXT: {{^}}      I[i] = (int)((long long)(int)D[i] + 3000000000LL);{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}}{{$}}
