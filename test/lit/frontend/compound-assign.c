// Compound assignments and ++/-- statements keep C's operator; the
// right-hand side keeps its own type.
void ops(int n, float *A, int *B, double d) {
  int c = 0;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    A[i] += 1.0f;
    A[i] -= d;
    A[i] *= 2;
    A[i] /= 3.0f;
    B[i] %= 7;
    B[i] <<= 1;
    B[i] >>= 2;
    B[i] &= 255;
    B[i] |= 1;
    B[i] ^= 3;
    B[i]++;
    --B[i];
    c++;
  }
}

// RUN: %c2cuda %s --dump-ir | FileCheck %s
// CHECK: {{^}}module {{.*}}compound-assign.c{{$}}
// CHECK-LABEL: {{^}}function void ops(int n, float *A, int *B, double d) {
// CHECK-NEXT: {{^}}  host sets(c):{{$}}
// CHECK-NEXT: {{^}}    int c = 0;{{$}}
// CHECK-NEXT: {{^}}  nest 0 at {{.*}}compound-assign.c:6:3 {
// CHECK-NEXT: {{^}}    for (int i = 0; i < n; ++i) {
// CHECK-NEXT: {{^}}      A[i] += 1.0f;{{$}}
// CHECK-NEXT: {{^}}      A[i] -= d;{{$}}
// CHECK-NEXT: {{^}}      A[i] *= (float)2;{{$}}
// CHECK-NEXT: {{^}}      A[i] /= 3.0f;{{$}}
// CHECK-NEXT: {{^}}      B[i] %= 7;{{$}}
// CHECK-NEXT: {{^}}      B[i] <<= 1;{{$}}
// CHECK-NEXT: {{^}}      B[i] >>= 2;{{$}}
// CHECK-NEXT: {{^}}      B[i] &= 255;{{$}}
// CHECK-NEXT: {{^}}      B[i] |= 1;{{$}}
// CHECK-NEXT: {{^}}      B[i] ^= 3;{{$}}
// CHECK-NEXT: {{^}}      B[i] += 1;{{$}}
// CHECK-NEXT: {{^}}      B[i] -= 1;{{$}}
// CHECK-NEXT: {{^}}      c += 1;{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}}{{$}}
