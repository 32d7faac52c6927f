// RowsPerWarp gives each row of a body of row loops a warp: both loops run
// over its 32 lanes, the sum's partials meet in a butterfly of shuffles.
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid | FileCheck %s --check-prefix=BEFORE
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid,RowsPerWarp 2>&1 | FileCheck %s

void normalize(int m, int n, const float *x, float *y) {
#pragma c2cuda kernel reduction(+: s)
  for (int i = 0; i < m; i++) {
    float s = 0.0f;
    for (int j = 0; j < n; j++)
      s += x[i * n + j];
    for (int j = 0; j < n; j++)
      y[i * n + j] = x[i * n + j] / s;
  }
}

// BEFORE:      {{^}}  kernel 0 normalize_kernel0 (nest 0) block(256,1,1) {{{$}}
// BEFORE-NEXT: {{^}}    grid.x: i = 0 + t * 1, t < {{.*}}{{$}}

// CHECK:      {{^}}  kernel 0 normalize_kernel0 (nest 0) block(32,8,1) {{{$}}
// CHECK-NEXT: {{^}}    explicit threads{{$}}
// CHECK:      {{^}}      float c2c_part1_s = 0.0f;{{$}}
// CHECK:      {{^}}        for (long long c2c_q_j = (long long)threadIdx.x; c2c_q_j < c2c_trip_j; c2c_q_j += 32) {{{$}}
// CHECK:      {{^}}          c2c_part1_s += x[i * n + j];{{$}}
// CHECK:      {{^}}      float c2c_lane16_c2c_part1_s = c2c_shfl_xor(c2c_part1_s, 16);{{$}}
// CHECK:      {{^}}        s = s + c2c_part1_s;{{$}}
// CHECK:      {{^}}          y[i * n + j] = x[i * n + j] / s;{{$}}
// CHECK:      remark: mapped i -> warps (blocks of 32x8 threads, a warp per i); the loops over 'j' split over its lanes: consecutive lanes read consecutive elements; s (allowed by 'reduction(+: s)') combined with warp shuffles{{$}}
