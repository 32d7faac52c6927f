// A loop that walks two variables ('for (i = 0, j = n - 1; ...)') has one
// iterator too many: the diagnostic says so at the comma (it said "the
// initialization must assign the iterator", which it does).
void revcopy(int n, const float *a, float *b) {
  int i, j;
#pragma c2cuda kernel
  for (i = 0, j = n - 1; i < n; i++, j--)
    b[j] = a[i];
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}for-two-iterators.c:7:13: error: non-canonical 'for' loop: the initialization assigns several variables, and a loop has one iterator{{$}}
// CHECK: {{^}}{{.*}}note: keep one iterator and compute the others from it in the body (e.g. 'j = n - 1 - i' for a second one counting down){{$}}
