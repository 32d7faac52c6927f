void f(int n, float *A, float *B) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float *p = A + i;
    B[i] = p[0];
  }
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}pointer-local.c:4:12: error: pointer variable 'p' cannot be declared in an offloaded nest{{$}}
// CHECK: {{^}}{{.*}}pointer-local.c:4:12: note: index the array parameter directly instead of through a pointer{{$}}
// CHECK: {{^}}{{.*}}pointer-local.c:5:12: error: pointer variable 'p' cannot be used in an offloaded nest{{$}}
// CHECK: {{^}}{{.*}}pointer-local.c:5:12: note: index the array parameter directly instead of through a pointer{{$}}
