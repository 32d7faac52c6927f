void f(int n, float *A, float *B) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    A[i] = 1.0f, B[i] = 2.0f;
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}comma.c:4:16: error: the comma operator is not supported in an offloaded nest{{$}}
// CHECK: {{^}}{{.*}}comma.c:4:16: note: split the expression into separate statements{{$}}
