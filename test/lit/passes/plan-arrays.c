// PlanArrays: per array, the elements the nests touch (the extent copied
// to and from the device) and where it is read and written.
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid,CollectKernelInterface | FileCheck %s --check-prefix=BEFORE
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid,CollectKernelInterface,PlanArrays 2>&1 | FileCheck %s

void shift(int n, const float *x, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = x[i + 2];
}

// BEFORE:     {{^}}lowered shift {{{$}}
// BEFORE-NEXT: {{^}}  kernel 0 shift_kernel0 (nest 0) block(256,1,1) arrays(x, y) scalars(n) {{{$}}

// CHECK:      {{^}}lowered shift {{{$}}
// CHECK-NEXT: {{^}}  array x: float[(long long)n >= 1LL ? (long long)n + 2LL : 0LL] device(r){{$}}
// CHECK-NEXT: {{^}}  array y: float[(long long)n >= 1LL ? (long long)n : 0LL] device(w){{$}}
// CHECK-NEXT: {{^}}  kernel 0 shift_kernel0 (nest 0) block(256,1,1) arrays(x, y) scalars(n) {{{$}}
