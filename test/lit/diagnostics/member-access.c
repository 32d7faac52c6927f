struct pt { float x, y; };

void f(int n, float *A) {
  struct pt p = {1.0f, 2.0f};
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    A[i] = A[i] * p.x;
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}member-access.c:7:21: error: struct or union member access is not supported in an offloaded nest, except on an array of structs parameter ('p[i].x'){{$}}
// CHECK: {{^}}{{.*}}member-access.c:7:21: note: pass the member as a separate scalar or array parameter{{$}}
