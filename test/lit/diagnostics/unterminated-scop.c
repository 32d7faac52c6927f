void f(int n, float *A) {
  if (n > 0) {
#pragma scop
    for (int i = 0; i < n; i++)
      A[i] = 0.0f;
  }
#pragma endscop
}

void g(int n, float *A) {
#pragma scop
  for (int i = 0; i < n; i++)
    A[i] = 0.0f;
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}unterminated-scop.c:3:1: error: '#pragma scop' has no matching '#pragma endscop' in the same block{{$}}
// CHECK: {{^}}{{.*}}unterminated-scop.c:3:1: note: add '#pragma endscop' after the last statement of the region, in the same block{{$}}
// CHECK: {{^}}{{.*}}unterminated-scop.c:11:1: error: '#pragma scop' has no matching '#pragma endscop' in the same block{{$}}
// CHECK: {{^}}{{.*}}unterminated-scop.c:11:1: note: add '#pragma endscop' after the last statement of the region, in the same block{{$}}
