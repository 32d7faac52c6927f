void f(int n, float *A, float *B) {
  float x, y;
#pragma scop
  for (int i = 0; i < n; i++)
    B[i] = (x = A[i]) + 1.0f;
  for (int i = 0; i < n; i++) {
    int k = i;
    B[i] = A[k++];
  }
#pragma endscop
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}assign-value.c:5:15: error: assignment used as a value is not supported in an offloaded nest{{$}}
// CHECK: {{^}}{{.*}}assign-value.c:5:15: note: write each assignment as a statement of its own{{$}}
// CHECK: {{^}}{{.*}}assign-value.c:8:15: error: '++' used as a value is not supported in an offloaded nest{{$}}
// CHECK: {{^}}{{.*}}assign-value.c:8:15: note: increment or decrement in a statement of its own{{$}}
