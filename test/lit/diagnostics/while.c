// A 'while' loop in a nest runs as a counting loop (frontend/while-loops.c)
// when a variable set just before it is compared in its condition and
// stepped at the end of its body; others are refused, saying which part is
// missing.
void halve(int n, float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float x = A[i];
    while (x > 1.0f)
      x = x / 2;
    A[i] = x;
  }
}
void unbounded(int n, float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    int j = 0;
    while (A[j] > 0.0f)
      j++;
    A[i] = j;
  }
}
void notset(int n, float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    int j = 0;
    A[i] = 0.0f;
    while (j < i) {
      A[i] += 1.0f;
      j++;
    }
  }
}
void skips(int n, float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    int j = 0;
    while (j < i) {
      if (A[j] < 0.0f)
        continue;
      A[i] += A[j];
      j++;
    }
  }
}
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

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK:      {{^}}{{.*}}while.c:10:7: error: 'while' loops in an offloaded nest must count: the body does not end with a constant step of the variable it counts with ('k++;', 'k += c;'){{$}}
// CHECK-NEXT: {{^}}   10 |       x = x / 2;{{$}}
// CHECK-NEXT: {{^}}      |       ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}while.c:10:7: note: set the variable it counts with just before it and step it at the end of the body ('int k = 0; while (k < n && ...) { ...; k++; }'), or write a canonical 'for' loop{{$}}
// CHECK:      {{^}}{{.*}}while.c:18:12: error: 'while' loops in an offloaded nest must count: the condition does not compare 'j' with a bound{{$}}
// CHECK:      {{^}}{{.*}}while.c:18:12: note: set the variable it counts with just before it and step it at the end of the body ('int j = 0; while (j < n && ...) { ...; j++; }'), or write a canonical 'for' loop{{$}}
// CHECK:      {{^}}{{.*}}while.c:28:5: error: 'while' loops in an offloaded nest must count: 'j' is not set in the statement just before the loop{{$}}
// CHECK:      {{^}}{{.*}}while.c:40:9: error: 'while' loops in an offloaded nest must count: 'continue' would skip the step of 'j'{{$}}
// CHECK:      {{^}}{{.*}}while.c:51:21: error: 'while' loops in an offloaded nest must count: the condition 'k++ < 4' has side effects{{$}}
