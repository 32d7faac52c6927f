void f(int n, _Bool *S, long double L[n], float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    A[i] = S[i] + L[i];
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}element-type.c:1:22: error: array parameter 'S' has element type '_Bool', which is not supported{{$}}
// CHECK: {{^}}{{.*}}element-type.c:1:22: note: use char, signed char, unsigned char, short, unsigned short, int, unsigned, long, unsigned long, float or double elements{{$}}
// CHECK: {{^}}{{.*}}element-type.c:1:37: error: array parameter 'L' has element type 'long double', which is not supported{{$}}
// CHECK: {{^}}{{.*}}element-type.c:1:37: note: use char, signed char, unsigned char, short, unsigned short, int, unsigned, long, unsigned long, float or double elements{{$}}
