// A 'while' loop in a nest runs as a counting loop (frontend/while-loops.c)
// when a variable set just before it is compared in its condition and
// stepped at the end of its body, else as written (frontend/
// unbounded-while.c); a condition with side effects is refused, saying so.
void effects(int n, float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    int j = 0, k = 0;
    j = 0;
    while (j < i && k++ < 4)
      j++;
    A[i] = j;
  }
}
void effects2(int n, float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float x = A[i];
    while ((x = x / 2) > 1.0f)
      A[i] += 1.0f;
  }
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK:      {{^}}{{.*}}while.c:10:21: error: the condition of a 'while' loop in an offloaded nest has side effects: 'k++ < 4'{{$}}
// CHECK-NEXT: {{^}}   10 |     while (j < i && k++ < 4){{$}}
// CHECK-NEXT: {{^}}      |                     ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}while.c:10:21: note: compute the value in the body and leave the loop with 'break'{{$}}
// CHECK:      {{^}}{{.*}}while.c:19:12: error: the condition of a 'while' loop in an offloaded nest has side effects: '(x = x / 2) > 1.0f'{{$}}
