void f(int n, float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    if (A[i] < 0.0f)
      break;
    A[i] = 2.0f * A[i];
  }
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}break.c:5:7: error: 'break' is not supported in an offloaded nest{{$}}
// CHECK: {{^}}{{.*}}break.c:5:7: note: put the exit condition into the loop bounds or guard the rest of the body with 'if'{{$}}
