// CombineReductionsPerWarp: the atomic update of one address by every
// thread becomes a per-thread partial, warp shuffles, and one atomic per warp.
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid,ParallelizeReductions | FileCheck %s --check-prefix=BEFORE
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid,ParallelizeReductions,CombineReductionsPerWarp 2>&1 | FileCheck %s

void dot(int n, const float *x, const float *y, float *out) {
  float s = 0.0f;
#pragma c2cuda kernel reduction(+: s)
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  *out = s;
}

// BEFORE:      {{^}}    atomic s += x[i] * y[i];{{$}}

// CHECK:      {{^}}  kernel 0 dot_kernel0 (nest 0) block(256,1,1) {{{$}}
// CHECK-NEXT: {{^}}    explicit threads{{$}}
// CHECK-NEXT: {{^}}    float c2c_wpart0 = 0.0f;{{$}}
// CHECK:      {{^}}        c2c_wpart0 = c2c_wpart0 + x[i] * y[i];{{$}}
// CHECK:      {{^}}    float c2c_lane16_c2c_wpart0 = c2c_shfl_xor(c2c_wpart0, 16);{{$}}
// CHECK:      {{^}}    float c2c_lane1_c2c_wpart0 = c2c_shfl_xor(c2c_wpart0, 1);{{$}}
// CHECK-NEXT: {{^}}    c2c_wpart0 = c2c_wpart0 + c2c_lane1_c2c_wpart0;{{$}}
// CHECK-NEXT: {{^}}    if ((threadIdx.x & 31u) == 0u) {{{$}}
// CHECK-NEXT: {{^}}      atomic s += c2c_wpart0;{{$}}
// CHECK-NOT: atomic s += x[i]
