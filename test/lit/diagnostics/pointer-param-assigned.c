void f(int n, float *A) {
  A = A + 1;
#pragma c2cuda kernel
  for (int i = 0; i < n - 1; i++)
    A[i] = 0.0f;
  A++;
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}pointer-param-assigned.c:2:5: error: assignment to pointer parameter 'A' is not supported in an offloaded function{{$}}
// CHECK: {{^}}{{.*}}pointer-param-assigned.c:2:5: note: keep 'A' unchanged and index from it, e.g. 'A[offset + i]'{{$}}
// CHECK: {{^}}{{.*}}pointer-param-assigned.c:6:4: error: assignment to pointer parameter 'A' is not supported in an offloaded function{{$}}
// CHECK: {{^}}{{.*}}pointer-param-assigned.c:6:4: note: keep 'A' unchanged and index from it, e.g. 'A[offset + i]'{{$}}
