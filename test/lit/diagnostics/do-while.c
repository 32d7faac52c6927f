// A 'do-while' loop in a nest runs as a counting loop when its condition
// only bounds the variable it counts with (frontend/while-loops.c), else as
// written (frontend/unbounded-while.c); a condition with side effects is
// refused.
void f(int n, float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    int j = 0;
    do {
      j++;
    } while (A[i]-- > 8.0f && j < i);
  }
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK:      {{^}}{{.*}}do-while.c:11:14: error: the condition of a 'do-while' loop in an offloaded nest has side effects: 'A[i]-- > 8.0f'{{$}}
// CHECK-NEXT: {{^}}   11 |     } while (A[i]-- > 8.0f && j < i);{{$}}
// CHECK-NEXT: {{^}}      |              ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}do-while.c:11:14: note: compute the value in the body and leave the loop with 'break'{{$}}
