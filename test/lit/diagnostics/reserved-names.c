// The generated code names its own variables c2c_...: a variable of an
// offloaded function named so is an error at its declaration (before, a
// parameter 'c2c_ntiles' met the tiled kernel's own declaration: CUDA that
// did not compile). Each variable is reported once; other functions may use
// such names.
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

// CHECK: {{^}}{{.*}}reserved-names.c:12:45: error: 'c2c_ntiles': names starting with 'c2c_' are reserved for the code c2cuda generates{{$}}
// CHECK-NEXT: {{^}}   12 | void f(int n, int m, const float *A, float *c2c_ntiles) {{{$}}
// CHECK: {{^}}{{.*}}reserved-names.c:12:45: note: rename the variable{{$}}
// CHECK: {{^}}{{.*}}reserved-names.c:15:14: error: 'c2c_j': names starting with 'c2c_' are reserved for the code c2cuda generates{{$}}
// CHECK: {{^}}{{.*}}reserved-names.c:16:13: error: 'c2c_t': names starting with 'c2c_' are reserved for the code c2cuda generates{{$}}
// CHECK: {{^}}{{.*}}reserved-names.c:10:13: error: 'c2c_w': names starting with 'c2c_' are reserved for the code c2cuda generates{{$}}
