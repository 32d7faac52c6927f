int f(int n, float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    if (A[i] < 0.0f)
      return i;
    A[i] = 2.0f * A[i];
  }
  return -1;
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}return.c:5:7: error: 'return' is not supported in an offloaded nest{{$}}
// CHECK: {{^}}{{.*}}return.c:5:7: note: move the return out of the nest; a nest runs to completion{{$}}
