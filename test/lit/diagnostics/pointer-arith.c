// `*(A + i + 1)` and `(A + 1)[i]` name elements of A (frontend/
// pointer-aliases.c); an address used as a value does not.
void f(int n, float *A, float *B) {
#pragma scop
  for (int i = 0; i < n; i++)
    B[i] = (float)(long)&A[i];
  for (int i = 0; i < n; i++)
    B[i] = (float)(A + i - A);
  for (int i = 0; i < n; i++)
    B[i] = (A + i == B) ? 1.0f : 0.0f;
#pragma endscop
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}pointer-arith.c:6:25: error: taking an address with '&' is not supported in an offloaded nest{{$}}
// CHECK: {{^}}{{.*}}pointer-arith.c:6:25: note: use the value itself; index arrays by their parameter name{{$}}
// CHECK: {{^}}{{.*}}pointer-arith.c:8:22: error: pointer arithmetic on array 'A' is not supported in an offloaded nest{{$}}
// CHECK: {{^}}{{.*}}pointer-arith.c:8:22: note: index the array instead, e.g. 'A[i + k]' for '*(A + i + k)'{{$}}
// CHECK: {{^}}{{.*}}pointer-arith.c:10:15: error: pointer arithmetic on array 'A' is not supported in an offloaded nest{{$}}
