// A pointer the nest steps is no fixed place in the array: refused, with
// the form that is accepted (frontend/pointer-aliases.c).
void f(int n, float *A, float *B) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float *p = A + i;
    p++;
    B[i] = p[0];
  }
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}pointer-local.c:6:12: error: pointer variable 'p' cannot be declared in an offloaded nest{{$}}
// CHECK: {{^}}{{.*}}pointer-local.c:6:12: note: index the array parameter directly instead of through a pointer, or declare it once as a pointer into it ('float *p = A + offset;') and never assign it{{$}}
// CHECK: {{^}}{{.*}}pointer-local.c:7:5: error: pointer variable 'p' cannot be used in an offloaded nest{{$}}
// CHECK: {{^}}{{.*}}pointer-local.c:8:12: error: pointer variable 'p' cannot be used in an offloaded nest{{$}}
