float scale = 2.0f;
volatile float knob = 1.0f;

// Global scalars the function never changes are read at the call
// (frontend/global-scalars.c); one the function changes, or a volatile
// one, is refused.
void f(int n, float *A) {
  float tmp[16];
  scale = scale * 2.0f;
#pragma scop
  for (int i = 0; i < n; i++)
    A[i] = A[i] * scale * knob;
  for (int i = 0; i < n; i++)
    A[i] = tmp[i % 16];
  for (int i = 0; i < n; i++) {
    float row[4];
    A[i] = 0.0f;
  }
#pragma endscop
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}global-and-local-array.c:9:3: error: global variable 'scale' is changed in 'f', whose nests use it{{$}}
// CHECK: {{^}}{{.*}}global-and-local-array.c:9:3: note: c2cuda passes a global scalar's value to the kernels when the function is called: change it outside the function, or use a local copy{{$}}
// CHECK: {{^}}{{.*}}global-and-local-array.c:12:27: error: global variable 'knob' cannot be used in an offloaded nest{{$}}
// CHECK: {{^}}{{.*}}global-and-local-array.c:12:27: note: pass its value as a parameter of the function (global scalars and arrays of constant size can be used){{$}}
// CHECK: {{^}}{{.*}}global-and-local-array.c:14:12: error: local array 'tmp' declared outside the nest cannot be used in it{{$}}
// CHECK: {{^}}{{.*}}global-and-local-array.c:14:12: note: declare it inside the nest's loop (each iteration gets its own copy), or pass it as a parameter of the function{{$}}
