// Host statements of an offloaded function are printed for nvcc, which
// compiles them as C++: where C converts a void pointer to another pointer
// type implicitly (malloc, calloc), the cast is written out, in a
// declaration (one per variable) as in an assignment. Before, the .cu did
// not compile.
// RUN: %c2cuda -q %s -o %t.cu
// RUN: FileCheck %s < %t.cu
#include <stdlib.h>

void f(int n, const float *x, float *y) {
  float *a = malloc(n * sizeof(float)), *b = a;
  double *c;
  c = calloc(n, sizeof(double));
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = 2.0f * x[i];
  a[0] = b[0];
  free(a);
  free(c);
}

// CHECK:      {{^}}  float *a = (float *)(malloc(n * sizeof(float)));{{$}}
// CHECK-NEXT: {{^}}  float *b = a;{{$}}
// CHECK-NEXT: {{^}}  double *c;{{$}}
// CHECK-NEXT: {{^}}  c = (double *)(calloc(n, sizeof(double)));{{$}}
