void f(int n, float *A) {
  int i = 0;
#pragma c2cuda kernel
  while (i < n) {
    A[i] = 0.0f;
    i++;
  }
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}kernel-not-for.c:3:1: error: '#pragma c2cuda kernel' must be followed by a 'for' loop{{$}}
// CHECK: {{^}}{{.*}}kernel-not-for.c:3:1: note: place the pragma immediately before the outermost loop of the nest{{$}}
