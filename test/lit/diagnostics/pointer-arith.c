void f(int n, float *A, float *B) {
#pragma scop
  for (int i = 0; i < n; i++)
    B[i] = *(A + i + 1);
  for (int i = 0; i < n; i++)
    B[i] = A[i] + (A + 1)[i];
  for (int i = 0; i < n; i++)
    B[i] = (float)(long)&A[i];
#pragma endscop
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}pointer-arith.c:4:12: error: pointer dereference is not supported in an offloaded nest{{$}}
// CHECK: {{^}}{{.*}}pointer-arith.c:4:12: note: subscript the array instead, e.g. 'A[i]' for '*(A + i)'{{$}}
// CHECK: {{^}}{{.*}}pointer-arith.c:6:22: error: pointer arithmetic on array 'A' is not supported in an offloaded nest{{$}}
// CHECK: {{^}}{{.*}}pointer-arith.c:6:22: note: index the array instead, e.g. 'A[i + k]' for '*(A + i + k)'{{$}}
// CHECK: {{^}}{{.*}}pointer-arith.c:8:25: error: taking an address with '&' is not supported in an offloaded nest{{$}}
// CHECK: {{^}}{{.*}}pointer-arith.c:8:25: note: use the value itself; index arrays by their parameter name{{$}}
