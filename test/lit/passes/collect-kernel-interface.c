// CollectKernelInterface lists the arrays and scalars each kernel takes.
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid | FileCheck %s --check-prefix=BEFORE
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid,CollectKernelInterface 2>&1 | FileCheck %s

void axpy(int n, float a, const float *x, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

// BEFORE: {{^}}  kernel 0 axpy_kernel0 (nest 0) block(256,1,1) {{{$}}

// CHECK: {{^}}  kernel 0 axpy_kernel0 (nest 0) block(256,1,1) arrays(x, y) scalars(a, n) {{{$}}
