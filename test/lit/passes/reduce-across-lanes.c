// ReduceAcrossLanes: a row sum along the contiguous dimension, with
// reassociation allowed by the clause, runs each row on the lanes of a block
// (partials, warp shuffles, shared memory), instead of one thread per row.
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid | FileCheck %s --check-prefix=BEFORE
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid,ReduceAcrossLanes 2>&1 | FileCheck %s

void rowsum(int n, int m, const float *A, float *r) {
#pragma c2cuda kernel reduction(+: s)
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int j = 0; j < m; j++)
      s += A[i * m + j];
    r[i] = s;
  }
}

// BEFORE:      {{^}}  kernel 0 rowsum_kernel0 (nest 0) block(256,1,1) {{{$}}
// BEFORE-NEXT: {{^}}    grid.x: i = 0 + t * 1, t < {{.*}}{{$}}
// BEFORE-NEXT: {{^}}    float s = 0.0f;{{$}}

// CHECK:      {{^}}  kernel 0 rowsum_kernel0 (nest 0) block(32,8,1) {{{$}}
// CHECK-NEXT: {{^}}    explicit threads{{$}}
// CHECK-NEXT: {{^}}    __shared__ float c2c_red_s[8][32];{{$}}
// CHECK:      {{^}}        for (long long c2c_q_j = (long long)threadIdx.y * 32LL + (long long)threadIdx.x; c2c_q_j < c2c_trip_j; c2c_q_j += 256) {{{$}}
// CHECK:      {{^}}          c2c_part_s += A[i * m + j];{{$}}
// CHECK:      {{^}}        float c2c_lane16_s = c2c_shfl_xor(c2c_part_s, 16);{{$}}
// CHECK:      {{^}}        s = s + c2c_part_s;{{$}}
// CHECK-NEXT: {{^}}        r[i] = s;{{$}}
// CHECK: remark: mapped i -> blocks (one block of 32x8 threads per i), 'j' over its threads: consecutive threads read consecutive elements; the partial results combined with warp shuffles, then across the 8 warps in shared memory, into s (allowed by 'reduction(+: s)')
