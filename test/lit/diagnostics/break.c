// A 'break' that stops the loop early leaves the loop's bound an upper
// limit only: the array it walks needs its extent said (frontend/break.c).
void f(int n, float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    if (A[i] < 0.0f)
      break;
    A[i] = 2.0f * A[i];
  }
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}break.c:6:9: error: cannot infer how many elements of 'A' the nest accesses: a 'break' may end its loop before the loop's bound{{$}}
// CHECK: {{^}}{{.*}}break.c:6:9: note: state it with the clause 'extent(A: <number of elements>)' on the '#pragma c2cuda kernel' line, or declare 'A' with its dimensions{{$}}
