// DefaultTiles gives a nest without schedule clauses the first default
// tiling that every stage accepts (tried on copies): 128x128 tiles for the
// product, and 128x64, 64x32 and 16x16 tiles as alternative kernels for
// small problems. It only plans; the stages after it fill the plans in, and the
// kernels stay in MapToGrid's form until LowerTiles. Without it (c2cuda
// --no-default-tiling, c2cuda-opt without -default-tiling) nothing is tiled.
// RUN: %c2cuda-opt %s -q -passes=HoistHostLoops,MapToGrid,DefaultTiles -print-after=DefaultTiles 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid,DefaultTiles,TileBands,StripMine,PromoteToShared,PipelineStrips,LowerTiles 2>&1 | FileCheck %s
// RUN: %c2cuda-opt %s -q | FileCheck %s --check-prefix=NONE

void matmul(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma c2cuda kernel
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}

// PLAN:      {{^}}  kernel 0 matmul_kernel0 (nest 0) block(16,16,1) few-blocks(kernel 1) {{{$}}
// PLAN-NEXT: {{^}}    grid.x: j = 0 + t * 1, t < {{.*}}{{$}}
// PLAN:      {{^}}  kernel 1 matmul_kernel0_128x64 (nest 0) block(16,16,1) few-blocks(kernel 2) {{{$}}
// PLAN:      {{^}}  kernel 2 matmul_kernel0_64x32 (nest 0) block(16,16,1) few-blocks(kernel 3) {{{$}}
// PLAN:      {{^}}  kernel 3 matmul_kernel0_16x16 (nest 0) block(16,16,1) {{{$}}
// PLAN:      {{^}}tile plan matmul_kernel0 {{{$}}
// PLAN-NEXT: {{^}}  schedule map(j: x, i: y) block(16, 16) tile(i: 128, j: 128, k: 8) shared(A, B) pad(4) vector(i: 4, j: 4) pipeline(2) maxrregcount(128){{$}}
// PLAN-NEXT: {{^}}}{{$}}
// PLAN-NEXT: {{^}}tile plan matmul_kernel0_128x64 {{{$}}
// PLAN-NEXT: {{^}}  schedule map(j: x, i: y) block(16, 16) tile(i: 128, j: 64, k: 16) {{.*}}{{$}}
// PLAN-NEXT: {{^}}}{{$}}
// PLAN-NEXT: {{^}}tile plan matmul_kernel0_64x32 {{{$}}
// PLAN-NEXT: {{^}}  schedule map(j: x, i: y) block(16, 16) tile(i: 64, j: 32, k: 16) {{.*}}{{$}}
// PLAN-NEXT: {{^}}}{{$}}
// PLAN-NEXT: {{^}}tile plan matmul_kernel0_16x16 {{{$}}
// PLAN-NEXT: {{^}}  schedule map(j: x, i: y) block(16, 16) tile(i: 16, j: 16, k: 32) shared(A, B) pad(4) pipeline(2) maxrregcount(128){{$}}

// CHECK:      {{^}}  kernel 0 matmul_kernel0 (nest 0) block(16,16,1) few-blocks(kernel 1) {{{$}}
// CHECK-NEXT: {{^}}    explicit threads{{$}}
// CHECK:      {{^}}  kernel 2 matmul_kernel0_64x32 (nest 0) block(16,16,1) few-blocks(kernel 3) {{{$}}
// CHECK-NEXT: {{^}}    explicit threads{{$}}
// CHECK:      {{^}}  kernel 3 matmul_kernel0_16x16 (nest 0) block(16,16,1) {{{$}}
// CHECK-NEXT: {{^}}    explicit threads{{$}}
// The default's own remarks follow the tiling's:
// CHECK:      remark: tiled: blocks run tiles of 128 (j) x 128 (i), 256 threads each, k in strips of 8{{$}}
// CHECK:      remark: register tile: acc kept per point in registers{{$}}
// CHECK:      remark: no schedule clauses: tiled by default (the schedule atop the kernel; --no-default-tiling keeps the untiled mapping){{$}}
// CHECK:      remark: when its blocks would take longer (the busiest multiprocessor's share of them, at the rate of their tile shape), matmul_kernel0_128x64 (tiles of 128 (i) x 64 (j)) runs instead{{$}}

// NONE:     {{^}}  kernel 0 matmul_kernel0 (nest 0) block(32,8,1) arrays(A, B, C) scalars(K, M, N) {{{$}}
// NONE-NOT: explicit threads
