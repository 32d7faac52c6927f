// Assignment chains become one statement per assignment, innermost first;
// the outer ones store the inner target's value converted as C does.
void chain(int n, float *A, float *B, double *C) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float x, y;
    int k;
    C[i] = x = y = A[i] * 2.0f;
    B[i] = x + y;
    k = i;
    A[i] = k += 1;
  }
}
// RUN: %c2cuda --dump-ir %s | FileCheck %s
// CHECK:      {{^}}      y = A[i] * 2.0f;{{$}}
// CHECK-NEXT: {{^}}      x = y;{{$}}
// CHECK-NEXT: {{^}}      C[i] = (double)x;{{$}}
// CHECK-NEXT: {{^}}      B[i] = x + y;{{$}}
// CHECK-NEXT: {{^}}      k = i;{{$}}
// CHECK-NEXT: {{^}}      k += 1;{{$}}
// CHECK-NEXT: {{^}}      A[i] = (float)k;{{$}}
