float scale = 2.0f;

void f(int n, float *A) {
  float tmp[16];
#pragma scop
  for (int i = 0; i < n; i++)
    A[i] = A[i] * scale;
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
// CHECK: {{^}}{{.*}}global-and-local-array.c:7:19: error: global variable 'scale' cannot be used in an offloaded nest{{$}}
// CHECK: {{^}}{{.*}}global-and-local-array.c:7:19: note: pass its value as a parameter of the function (global arrays of constant size can be used){{$}}
// CHECK: {{^}}{{.*}}global-and-local-array.c:9:12: error: local array 'tmp' declared outside the nest cannot be used in it{{$}}
// CHECK: {{^}}{{.*}}global-and-local-array.c:9:12: note: declare it inside the nest's loop (each iteration gets its own copy), or pass it as a parameter of the function{{$}}
