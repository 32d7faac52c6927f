void f(int n, int m, float A[n][m], float *B) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    if (A[i] != 0)
      B[i] = A[i][0];
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}partial-subscript.c:4:9: error: array 'A' has 2 dimensions but is subscripted with 1 index{{$}}
// CHECK: {{^}}{{.*}}partial-subscript.c:4:9: note: subscript every dimension, e.g. 'A[i][j]'{{$}}
