// HoistHostLoops turns the sequential time loop t into a host loop that
// launches one kernel per step; the parallel loop i becomes the kernel.
// RUN: %c2cuda-opt %s -passes=HoistHostLoops 2>&1 | FileCheck %s

void jacobi1d(int steps, int n, float *a, float *b) {
#pragma c2cuda kernel
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0f;
    for (int i = 1; i < n - 1; i++)
      a[i] = b[i];
  }
}

// CHECK:      {{^}}lowered jacobi1d {{{$}}
// CHECK-NEXT: {{^}}  kernel 0 jacobi1d_kernel0 (nest 0) block(1,1,1) {{{$}}
// CHECK-NEXT: {{^}}    single thread{{$}}
// CHECK-NEXT: {{^}}    for (int i = 1; i < n - 1; ++i) {{{$}}
// CHECK-NEXT: {{^}}      b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0f;{{$}}
// CHECK:      {{^}}  kernel 1 jacobi1d_kernel1 (nest 0) block(1,1,1) {{{$}}
// CHECK:      {{^}}      a[i] = b[i];{{$}}
// CHECK:      {{^}}  host {{{$}}
// CHECK-NEXT: {{^}}    for (int t = 0; t < steps; ++t) {{{$}}
// CHECK-NEXT: {{^}}      launch kernel 0;{{$}}
// CHECK-NEXT: {{^}}      launch kernel 1;{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK: hoist-host-loops.c:8:5: remark: launched once per iteration of host loop 't'
