void f(int n, float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    __asm__ volatile("nop");
    A[i] = 0.0f;
  }
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}inline-asm.c:4:5: error: inline assembly is not supported in an offloaded nest{{$}}
// CHECK: {{^}}{{.*}}inline-asm.c:4:5: note: write the computation in C{{$}}
