// A pointer the nest steps is no fixed place in the array, nor one whose
// offset's variables change while it is used: refused, with the form that
// is accepted (frontend/pointer-aliases.c).
void f(int n, float *A, float *B) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float *p = A + i;
    p++;
    B[i] = p[0];
  }
}

void g(int n, const float *A, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    int k = i;
    const float *q = A + k;
    k = 0;
    y[i] = q[0] + (float)k;
  }
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}pointer-local.c:7:12: error: pointer variable 'p' cannot be declared in an offloaded nest{{$}}
// CHECK: {{^}}{{.*}}pointer-local.c:7:12: note: index the array parameter directly instead of through a pointer, or declare it once as a pointer into it ('float *p = A + offset;', or into a row of a 2-D array: 'float *p = A[i];') and assign neither it nor the variables of its offset while it is used{{$}}
// CHECK: {{^}}{{.*}}pointer-local.c:8:5: error: pointer variable 'p' cannot be used in an offloaded nest{{$}}
// CHECK: {{^}}{{.*}}pointer-local.c:9:12: error: pointer variable 'p' cannot be used in an offloaded nest{{$}}
// CHECK: {{^}}{{.*}}pointer-local.c:17:18: error: pointer variable 'q' cannot be declared in an offloaded nest{{$}}
// CHECK: {{^}}{{.*}}pointer-local.c:19:12: error: pointer variable 'q' cannot be used in an offloaded nest{{$}}
