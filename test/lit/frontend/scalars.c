// Scalars: host locals declared before the nest, an iterator declared
// outside the loop, nest locals, parameters of every supported type.
#include <stddef.h>
void scalars(size_t n, long k, unsigned u, float f, double d, int *A, double *D) {
  int i;
  long base = k * 2;
#pragma c2cuda kernel
  for (i = 0; i < n; i++) {
    long idx = base + i;
    unsigned v = u + 1;
    double w;
    w = f * d;
    A[i] = idx + v;
    D[i] = w;
  }
}

// RUN: %c2cuda %s --dump-ir | FileCheck %s
// CHECK: {{^}}module {{.*}}scalars.c{{$}}
// CHECK-LABEL: {{^}}function void scalars(unsigned long long n, long long k, unsigned int u, float f, double d, int *A, double *D) {
// 'int i;' is used only as the nest's iterator: not kept as host code.
// 'base' is initialised from parameters and never assigned again.
// CHECK-NEXT: {{^}}  host constant base = k * (long long)2{{$}}
// CHECK-NEXT: {{^}}  host sets(base):{{$}}
// CHECK-NEXT: {{^}}    long base = k * 2;{{$}}
// CHECK-NEXT: {{^}}  nest 0 at {{.*}}scalars.c:8:3 {
// CHECK-NEXT: {{^}}    for (int i = 0; i < n; ++i) {
// CHECK-NEXT: {{^}}      long long idx = base + (long long)i;{{$}}
// CHECK-NEXT: {{^}}      unsigned int v = u + (unsigned int)1;{{$}}
// CHECK-NEXT: {{^}}      double w;{{$}}
// CHECK-NEXT: {{^}}      w = (double)f * d;{{$}}
// CHECK-NEXT: {{^}}      A[i] = (int)(idx + (long long)v);{{$}}
// CHECK-NEXT: {{^}}      D[i] = w;{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}}{{$}}
