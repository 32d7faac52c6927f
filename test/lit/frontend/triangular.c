// Triangular nests: inner bounds depend on outer iterators, on both sides,
// and the bound may be written on the left of the comparison.
void tri(int n, float *L, const float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      L[i * n + j] = A[i * n + j];
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = i + 1; n > j; j++)
      L[i * n + j] = 0.0f;
}

// RUN: %c2cuda %s --dump-ir | FileCheck %s
// CHECK: {{^}}module {{.*}}triangular.c{{$}}
// CHECK-LABEL: {{^}}function void tri(int n, float *L, const float *A) {
// CHECK-NEXT: {{^}}  nest 0 at {{.*}}triangular.c:5:3 {
// CHECK-NEXT: {{^}}    for (int i = 0; i < n; ++i) {
// CHECK-NEXT: {{^}}      for (int j = 0; j <= i; ++j) {
// CHECK-NEXT: {{^}}        L[i * n + j] = A[i * n + j];{{$}}
// CHECK-NEXT: {{^}}      }{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}  nest 1 at {{.*}}triangular.c:9:3 {
// CHECK-NEXT: {{^}}    for (int i = 0; i < n; ++i) {
// CHECK-NEXT: {{^}}      for (int j = i + 1; j < n; ++j) {
// CHECK-NEXT: {{^}}        L[i * n + j] = 0.0f;{{$}}
// CHECK-NEXT: {{^}}      }{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}}{{$}}
