// Only comparisons of the iterator, of one kind, may be joined by `&&` in
// a loop condition (frontend/for-conjunction.c accepts them); a test of
// anything else ends the loop early, which a `break` says.
void early(int n, const float *a, float *b) {
#pragma c2cuda kernel
  for (int i = 0; i < n && a[i] > 0.0f; i++)
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
// CHECK:      {{^}}{{.*}}for-conjunction.c:6:28: error: non-canonical 'for' loop: 'a[i] > 0.0f' does not bound iterator 'i'{{$}}
// CHECK-NEXT: {{^}}    6 |   for (int i = 0; i < n && a[i] > 0.0f; i++){{$}}
// CHECK-NEXT: {{^}}      |                            ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}for-conjunction.c:6:28: note: test it in the body instead: 'if (!(a[i] > 0.0f)) break;'{{$}}
// CHECK:      {{^}}{{.*}}for-conjunction.c:11:28: error: non-canonical 'for' loop: the comparisons joined by '&&' must bound iterator 'i' the same way ('<' with '<', '<=' with '<=', ...), in one type{{$}}
// CHECK-NEXT: {{^}}   11 |   for (int i = 0; i < n && i <= m; i++){{$}}
// CHECK-NEXT: {{^}}      |                            ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}for-conjunction.c:11:28: note: write both bounds with the same comparison, e.g. 'i < a && i < b'{{$}}
