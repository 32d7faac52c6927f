// A 'do-while' loop in a nest runs as a counting loop
// (frontend/while-loops.c) when its condition only bounds the variable it
// counts with; a test of anything else is refused.
void f(int n, float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    int j = 0;
    do {
      A[i] += 1.0f;
      j++;
    } while (A[i] < 8.0f && j < i);
  }
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK:      {{^}}{{.*}}do-while.c:11:14: error: 'do-while' loops in an offloaded nest must count: the condition tests 'A[i] < 8.0f' besides the bound of 'j'{{$}}
// CHECK-NEXT: {{^}}   11 |     } while (A[i] < 8.0f && j < i);{{$}}
// CHECK-NEXT: {{^}}      |              ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}do-while.c:11:14: note: set the variable it counts with just before it, step it at the end of the body and compare it alone in the condition ('int j = 0; do { ...; j++; } while (j < n);'), or write a canonical 'for' loop{{$}}
