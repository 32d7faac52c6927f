void f(int n, float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    volatile float t = A[i];
    static int calls = 0;
    A[i] = 2.0f * A[i];
  }
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}volatile-static.c:4:20: error: 'volatile' variable 't' is not supported in an offloaded nest{{$}}
// CHECK: {{^}}{{.*}}volatile-static.c:4:20: note: remove 'volatile'; each iteration has its own copy of a local{{$}}
// CHECK: {{^}}{{.*}}volatile-static.c:5:16: error: 'static' variable 'calls' cannot be declared in an offloaded nest{{$}}
// CHECK: {{^}}{{.*}}volatile-static.c:5:16: note: declare a plain local, or pass the value as a parameter{{$}}
