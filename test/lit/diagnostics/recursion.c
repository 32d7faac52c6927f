void f(int n, float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    A[i] = 2.0f * A[i];
  if (n > 1)
    f(n / 2, A);
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}recursion.c:6:5: error: recursive call to 'f' is not supported in an offloaded function{{$}}
// CHECK: {{^}}{{.*}}recursion.c:6:5: note: rewrite the recursion as a loop{{$}}
