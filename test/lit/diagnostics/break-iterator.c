// A 'break' from a loop whose iterator outlives it: where the loop stopped
// is not kept (the loop runs to its bound, doing nothing after the break).
void g(int n, float *A, int *at) {
  int i;
#pragma c2cuda kernel extent(A: n)
  for (i = 0; i < n; i++) {
    if (A[i] < 0.0f)
      break;
  }
  at[0] = i;
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}break-iterator.c:8:7: error: 'break' leaves a loop whose iterator is declared outside it{{$}}
// CHECK: {{^}}{{.*}}break-iterator.c:8:7: note: declare the iterator in the loop ('for (int i = ...') and keep where it stopped in a variable of its own{{$}}
