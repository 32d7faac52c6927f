// Swapping two pointer parameters between time steps (the usual Jacobi
// form) moves the arrays the wrapper copies: refused, with the two forms
// that work instead.
void jacobi_swap(int steps, int n, float *a, float *b) {
  for (int t = 0; t < steps; t++) {
#pragma c2cuda kernel
    for (int i = 1; i < n - 1; i++)
      b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0f;
    float *tmp = a;
    a = b;
    b = tmp;
  }
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}pointer-swap.c:10:7: error: assignment to pointer parameter 'a' is not supported in an offloaded function{{$}}
// CHECK: {{^}}{{.*}}pointer-swap.c:10:7: note: to alternate two arrays between steps, write the nest twice, once in each direction, and choose with 'if (t % 2 == 0)', or copy the new values back in a loop{{$}}
// CHECK: {{^}}{{.*}}pointer-swap.c:11:7: error: assignment to pointer parameter 'b' is not supported in an offloaded function{{$}}
