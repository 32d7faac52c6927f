void f(int n, __int128 *S, long double L[n], float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    A[i] = S[i] + L[i];
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}element-type.c:1:25: error: array parameter 'S' has element type '__int128', which is not supported{{$}}
// CHECK: {{^}}{{.*}}element-type.c:1:25: note: use bool, char, signed char, unsigned char, short, unsigned short, int, unsigned, long, unsigned long, float or double elements{{$}}
// CHECK: {{^}}{{.*}}element-type.c:1:40: error: array parameter 'L' has element type 'long double', which is not supported{{$}}
// CHECK: {{^}}{{.*}}element-type.c:1:40: note: use bool, char, signed char, unsigned char, short, unsigned short, int, unsigned, long, unsigned long, float or double elements{{$}}
