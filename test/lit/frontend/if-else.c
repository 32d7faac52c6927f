// if / else if / else and ?: inside a nest.
void clamp(int n, float *A, float lo, float hi) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    if (A[i] < lo)
      A[i] = lo;
    else if (A[i] > hi)
      A[i] = hi;
    else {
      float t = A[i] > 0.0f ? A[i] : -A[i];
      A[i] = t;
    }
    if (i % 2 == 0 && A[i] != 0.0f)
      A[i] = !A[i];
  }
}

// RUN: %c2cuda %s --dump-ir | FileCheck %s
// CHECK: {{^}}module {{.*}}if-else.c{{$}}
// CHECK-LABEL: {{^}}function void clamp(int n, float *A, float lo, float hi) {
// CHECK-NEXT: {{^}}  nest 0 at {{.*}}if-else.c:4:3 {
// CHECK-NEXT: {{^}}    for (int i = 0; i < n; ++i) {
// CHECK-NEXT: {{^}}      if (A[i] < lo) {
// CHECK-NEXT: {{^}}        A[i] = lo;{{$}}
// CHECK-NEXT: {{^}}      } else {
// CHECK-NEXT: {{^}}        if (A[i] > hi) {
// CHECK-NEXT: {{^}}          A[i] = hi;{{$}}
// CHECK-NEXT: {{^}}        } else {
// CHECK-NEXT: {{^}}          float t = A[i] > 0.0f ? A[i] : -A[i];{{$}}
// CHECK-NEXT: {{^}}          A[i] = t;{{$}}
// CHECK-NEXT: {{^}}        }{{$}}
// CHECK-NEXT: {{^}}      }{{$}}
// CHECK-NEXT: {{^}}      if (i % 2 == 0 && A[i] != 0.0f) {
// CHECK-NEXT: {{^}}        A[i] = (float)!A[i];{{$}}
// CHECK-NEXT: {{^}}      }{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}}{{$}}
