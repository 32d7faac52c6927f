// The generated code names its own variables c2c_...: a variable of an
// offloaded function named so is an error at its declaration (before, a
// parameter 'c2c_ntiles' met the tiled kernel's own declaration: CUDA that
// did not compile). So is a name C allows but the CUDA C++ the code is
// compiled as does not: a C++ keyword ('new', 'this', 'class') or a CUDA
// built-in variable or type ('dim3', 'float4'). Each variable is reported once; functions without a
// nest may use such names.
// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu

const float c2c_w[2] = {2.0f, 1.0f};

void f(int n, int m, const float *A, float *c2c_ntiles) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int c2c_j = 0; c2c_j < m; c2c_j++) {
      float c2c_t = c2c_w[0] * A[i * m + c2c_j];
      c2c_ntiles[i * m + c2c_j] = c2c_t + c2c_w[1];
    }
}

int g(int c2c_n) { return c2c_n + 1; }

void s3(int dim1, int dim3, float *x) {
#pragma c2cuda kernel
  for (int i = 0; i < dim1 * dim3; i++) {
    float float4 = x[i];
    x[i] = 2.0f * float4;
  }
}

void h(int n, const float *old, float *new) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float this = old[i], threadIdx = 2.0f;
    new[i] = threadIdx * this;
  }
}

// CHECK: {{^}}{{.*}}reserved-names.c:14:45: error: 'c2c_ntiles': names starting with 'c2c_' are reserved for the code c2cuda generates{{$}}
// CHECK-NEXT: {{^}}   14 | void f(int n, int m, const float *A, float *c2c_ntiles) {{{$}}
// CHECK: {{^}}{{.*}}reserved-names.c:14:45: note: rename the variable{{$}}
// CHECK: {{^}}{{.*}}reserved-names.c:17:14: error: 'c2c_j': names starting with 'c2c_' are reserved for the code c2cuda generates{{$}}
// CHECK: {{^}}{{.*}}reserved-names.c:18:13: error: 'c2c_t': names starting with 'c2c_' are reserved for the code c2cuda generates{{$}}
// CHECK: {{^}}{{.*}}reserved-names.c:12:13: error: 'c2c_w': names starting with 'c2c_' are reserved for the code c2cuda generates{{$}}
// CHECK: {{^}}{{.*}}reserved-names.c:25:23: error: 'dim3': a type of CUDA, which the generated code uses{{$}}
// CHECK: {{^}}{{.*}}reserved-names.c:28:11: error: 'float4': a type of CUDA, which the generated code uses{{$}}
// CHECK: {{^}}{{.*}}reserved-names.c:33:40: error: 'new': a keyword of C++, in which nvcc compiles the generated code{{$}}
// CHECK: {{^}}{{.*}}reserved-names.c:36:11: error: 'this': a keyword of C++, in which nvcc compiles the generated code{{$}}
// CHECK: {{^}}{{.*}}reserved-names.c:36:26: error: 'threadIdx': a built-in variable of CUDA, in which the generated code runs{{$}}
