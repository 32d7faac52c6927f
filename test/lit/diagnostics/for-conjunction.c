// Comparisons of the iterator joined by `&&` in a loop condition must be
// of one kind (frontend/for-conjunction.c accepts them); other tests end
// the loop where they fail (frontend/while-loops.c), unless they have side
// effects.
void early(int n, float *a, float *b) {
#pragma c2cuda kernel
  for (int i = 0; i < n && a[i]-- > 0.0f; i++)
    b[i] = a[i];
}
void mixed(int n, int m, float *b) {
#pragma c2cuda kernel
  for (int i = 0; i < n && i <= m; i++)
    b[i] = 0.0f;
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK:      {{^}}{{.*}}for-conjunction.c:7:28: error: non-canonical 'for' loop: 'a[i]-- > 0.0f' does not bound iterator 'i'{{$}}
// CHECK-NEXT: {{^}}    7 |   for (int i = 0; i < n && a[i]-- > 0.0f; i++){{$}}
// CHECK-NEXT: {{^}}      |                            ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}for-conjunction.c:7:28: note: test it in the body instead: 'if (!(a[i]-- > 0.0f)) break;'{{$}}
// CHECK:      {{^}}{{.*}}for-conjunction.c:12:28: error: non-canonical 'for' loop: the comparisons joined by '&&' must bound iterator 'i' the same way ('<' with '<', '<=' with '<=', ...), in one type{{$}}
// CHECK-NEXT: {{^}}   12 |   for (int i = 0; i < n && i <= m; i++){{$}}
// CHECK-NEXT: {{^}}      |                            ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}for-conjunction.c:12:28: note: write both bounds with the same comparison, e.g. 'i < a && i < b'{{$}}
