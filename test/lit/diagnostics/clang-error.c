void f(int n, float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    A[i] = undeclared_var;
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}clang-error.c:4:12: error: use of undeclared identifier 'undeclared_var'{{$}}
// CHECK: {{^}}c2cuda: error: could not parse '{{.*}}clang-error.c' as C{{$}}
