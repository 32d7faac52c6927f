// `i + 1 < n` of unsigned integers wraps where n is 0: the bound cannot
// move to the other side (frontend/for-shifted-condition.c does it for
// signed ones).
void pairs(unsigned n, const float *x, float *y) {
#pragma c2cuda kernel
  for (unsigned i = 0; i + 1 < n; i += 2)
    y[i] = x[i] + x[i + 1];
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK:      {{^}}{{.*}}for-shifted-unsigned.c:6:24: error: non-canonical 'for' loop: the condition compares an unsigned sum with iterator 'i', which may wrap{{$}}
// CHECK-NEXT: {{^}}    6 |   for (unsigned i = 0; i + 1 < n; i += 2){{$}}
// CHECK-NEXT: {{^}}      |                        ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}for-shifted-unsigned.c:6:24: note: compare the iterator itself, e.g. 'i < n - 1' where n >= 1 is known{{$}}
