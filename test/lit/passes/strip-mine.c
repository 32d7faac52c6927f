// StripMine plans k in strips of 8 outside the points, and `acc`, declared
// before the k loop, as a register array of the 4x4 points. Lowered
// without shared tiles, the strips read A and B from global memory.
// RUN: %c2cuda-opt %s -q -passes=HoistHostLoops,MapToGrid,TileBands,StripMine -print-after=StripMine 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid,TileBands,StripMine,LowerTiles 2>&1 | FileCheck %s

void matmul(int n, const float *A, const float *B, float *C) {
#pragma c2cuda kernel tile(i: 64, j: 64, k: 8) block(16, 16)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float acc = 0.0f;
      for (int k = 0; k < n; k++)
        acc += A[i * n + k] * B[k * n + j];
      C[i * n + j] = acc;
    }
}

// PLAN:      {{^}}tile plan matmul_kernel0 {{{$}}
// PLAN-NEXT: {{^}}  schedule block(16, 16) tile(i: 64, j: 64, k: 8){{$}}
// PLAN-NEXT: {{^}}  tile j: 64 (x: 16 threads x 4 points){{$}}
// PLAN-NEXT: {{^}}  tile i: 64 (y: 16 threads x 4 points){{$}}
// PLAN-NEXT: {{^}}  strip k: 8{{$}}
// PLAN-NEXT: {{^}}  register tile acc: [4][4]{{$}}
// PLAN-NEXT: {{^}}}{{$}}

// CHECK:      {{^}}    float c2c_reg_acc[4][4];{{$}}
// CHECK:      {{^}}              c2c_reg_acc[c2c_p_y][c2c_p_x] = 0.0f;{{$}}
// CHECK:      {{^}}        for (long long c2c_s_k = 0LL; c2c_s_k < c2c_trip_k; c2c_s_k += 8) {{{$}}
// CHECK-NEXT: {{^}}          if (c2c_s_k + 8LL <= c2c_trip_k) {{{$}}
// CHECK:      {{^}}                    c2c_reg_acc[c2c_p_y][c2c_p_x] += A[i * n + k] * B[k * n + j];{{$}}
// CHECK:      {{^}}              C[i * n + j] = c2c_reg_acc[c2c_p_y][c2c_p_x];{{$}}
// CHECK:      remark: tiled: blocks run tiles of 64 (j) x 64 (i), 256 threads each, k in strips of 8{{$}}
// CHECK:      remark: register tile: acc kept per point in registers{{$}}
