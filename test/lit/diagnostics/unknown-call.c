float scale(float x);

void f(int n, float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    A[i] = scale(A[i]);
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}unknown-call.c:6:12: error: call to 'scale' is not supported in an offloaded nest: only C math library functions can be called{{$}}
// CHECK: {{^}}{{.*}}unknown-call.c:6:12: note: define 'scale' in the file (c2cuda inlines functions of the file whose parameters are scalars or pointers into arrays), or compute its result before the nest{{$}}
