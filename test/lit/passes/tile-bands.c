// TileBands plans the block tiles: 64x64 tiles of blocks of 16x16 threads,
// 4x4 points per thread. Lowered without the later stages, each point runs
// the whole body, its k loop included.
// RUN: %c2cuda-opt %s -q -passes=HoistHostLoops,MapToGrid,TileBands -print-after=TileBands 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid,TileBands,LowerTiles 2>&1 | FileCheck %s

void matmul(int n, const float *A, const float *B, float *C) {
#pragma c2cuda kernel tile(i: 64, j: 64, k: 8) block(16, 16) shared(A, B)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float acc = 0.0f;
      for (int k = 0; k < n; k++)
        acc += A[i * n + k] * B[k * n + j];
      C[i * n + j] = acc;
    }
}

// PLAN:      {{^}}*** IR Dump After TileBands *** (matmul){{$}}
// PLAN:      {{^}}tile plan matmul_kernel0 {{{$}}
// PLAN-NEXT: {{^}}  schedule block(16, 16) tile(i: 64, j: 64, k: 8) shared(A, B){{$}}
// PLAN-NEXT: {{^}}  tile j: 64 (x: 16 threads x 4 points){{$}}
// PLAN-NEXT: {{^}}  tile i: 64 (y: 16 threads x 4 points){{$}}
// PLAN-NEXT: {{^}}}{{$}}

// CHECK:      {{^}}  kernel 0 matmul_kernel0 (nest 0) block(16,16,1) {{{$}}
// CHECK-NEXT: {{^}}    explicit threads{{$}}
// CHECK-NOT:  __shared__
// CHECK:      {{^}}        if (c2c_left_x == 64 && c2c_left_y == 64) {{{$}}
// CHECK:      {{^}}              int c2c_t_x = (int)threadIdx.x + c2c_p_x * 16;{{$}}
// CHECK-NEXT: {{^}}              int c2c_t_y = (int)threadIdx.y + c2c_p_y * 16;{{$}}
// CHECK-NEXT: {{^}}              int j = c2c_base_j + c2c_t_x * 1;{{$}}
// CHECK-NEXT: {{^}}              int i = c2c_base_i + c2c_t_y * 1;{{$}}
// CHECK-NEXT: {{^}}              float acc = 0.0f;{{$}}
// CHECK-NEXT: {{^}}              for (int k = 0; k < n; ++k) {{{$}}
// CHECK-NEXT: {{^}}                acc += A[i * n + k] * B[k * n + j];{{$}}
// CHECK-NOT:  c2c_s_k
// CHECK:      remark: tiled: blocks run tiles of 64 (j) x 64 (i), 256 threads each{{$}}

// A band of four loops: the grid takes three, the fourth is folded into
// the tiles (one iteration deep), so the blocks cover it too.
// RUN: %c2cuda-opt %s -q -DFOLD -passes=HoistHostLoops,MapToGrid,TileBands -print-after=TileBands 2>&1 | FileCheck %s --check-prefix=FOLD
#ifdef FOLD
void add4d(int a, int b, int c, int d, const float *X, float *Y) {
#pragma c2cuda kernel tile(l: 32, k: 4, j: 2)
  for (int i = 0; i < a; i++)
    for (int j = 0; j < b; j++)
      for (int k = 0; k < c; k++)
        for (int l = 0; l < d; l++)
          Y[((i * b + j) * c + k) * d + l] = 2 * X[((i * b + j) * c + k) * d + l];
}
#endif
// FOLD:      {{^}}tile plan add4d_kernel0 {{{$}}
// FOLD:      {{^}}  tile i: 1 (w0: 1 threads x 1 points){{$}}
