// A product tiled by default in 128x128 tiles comes with the same
// computation in 128x64, 64x32 and 16x16 tiles: the host launches the shape
// whose grid takes least time (ties to the larger tiles), a grid of B blocks
// taking ceil(B / SMs) times a block's points over its tile shape's rate (1,
// 0.86, 0.55, 0.135), so that small problems keep every SM busy. The CPU oracle runs
// the same choice on its 3 SMs: each kernel in turn runs and matches the C.
void mm(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma scop
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
#pragma endscop
}
// An explicit schedule keeps its one kernel.
void mm_tiled(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma c2cuda kernel map(j: x, i: y) block(16, 16) tile(i: 64, j: 64, k: 8) shared(A, B)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}
// RUN: %c2cuda %s -o %t.cu 2>%t.err
// RUN: FileCheck %s < %t.cu
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// RUN: %c2cuda %s --print-after=PlanArrays -o %t2.cu 2>&1 | FileCheck %s --check-prefix=IR
// RUN: %c2cuda-check %s --function mm --size M=256,N=384,K=9 --trials 1 | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s --function mm --size M=128,N=192,K=9 --trials 1 | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s --function mm --size M=16,N=40,K=33 --trials 1 | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s --function mm --size M=60,N=40,K=9 --trials 2 | FileCheck %s --check-prefix=ORACLE
// CHECK-LABEL: {{^}}// mm_kernel0_128x64 (mm, nest at few-blocks.c:9):
// CHECK-NEXT: {{^}}//   mapped j -> x, i -> y (2-D grid, block 32x8){{$}}
// CHECK: {{^}}//   runs in place of mm_kernel0 where its blocks take less time (smaller tiles for small problems){{$}}
// CHECK-LABEL: {{^}}{{\[\[maybe_unused\]\]}} static inline double c2c_grid_time(long long blocks,
// CHECK: {{^}}// Schedule: map(j: x, i: y) block(16, 16) thread(i: 8, j: 4) tile(i: 128, j: 64, k: 16) shared(A, B) pad(4) vector(i: 4, j: 4) pipeline(2) maxrregcount(128){{$}}
// CHECK-NEXT: {{^}}__global__ void __launch_bounds__(256, 2) mm_kernel0_128x64(
// CHECK: {{^}}// Schedule: map(j: x, i: y) block(16, 16) thread(i: 4, j: 2) tile(i: 64, j: 32, k: 16) shared(A, B) pad(4) vector(i: 4, j: 2) pipeline(2) maxrregcount(128){{$}}
// CHECK-NEXT: {{^}}__global__ void __launch_bounds__(256, 2) mm_kernel0_64x32(
// CHECK: {{^}}// Schedule: map(j: x, i: y) block(16, 16) tile(i: 16, j: 16, k: 32) shared(A, B) pad(4) pipeline(2) maxrregcount(128){{$}}
// CHECK-NEXT: {{^}}__global__ void __launch_bounds__(256, 2) mm_kernel0_16x16(
// CHECK-LABEL: {{^}}static void c2c_mm_body(
// CHECK: {{^}}    // Launch mm_kernel0 (few-blocks.c:9).
// CHECK: {{^}}    if (fmin(fmin(c2c_grid_time({{.*}} + 63LL) / 64LL * {{.*}} + 127LL) / 128LL)) * (1LL) * (1LL), 9525.581395), c2c_grid_time({{.*}} + 31LL) / 32LL * {{.*}} + 63LL) / 64LL)) * (1LL) * (1LL), 3723.636364)), c2c_grid_time({{.*}} + 15LL) / 16LL * {{.*}} + 15LL) / 16LL)) * (1LL) * (1LL), 1896.296296)) < c2c_grid_time(c2c_blocks_x * c2c_blocks_y * c2c_blocks_z, 16384.000000)) {{{$}}
// CHECK-NEXT: {{^}}      {{{$}}
// CHECK-NEXT: {{^}}        // Launch mm_kernel0_128x64 (few-blocks.c:9).
// CHECK: {{^}}        if (fmin(c2c_grid_time({{.*}}, 3723.636364), c2c_grid_time({{.*}}, 1896.296296)) < c2c_grid_time(c2c_blocks_x * c2c_blocks_y * c2c_blocks_z, 9525.581395)) {{{$}}
// CHECK: {{^}}            if (c2c_grid_time({{.*}}, 1896.296296) < c2c_grid_time(c2c_blocks_x * c2c_blocks_y * c2c_blocks_z, 3723.636364)) {{{$}}
// CHECK: {{^}}                  mm_kernel0_16x16<<<c2c_grid, c2c_block>>>(
// CHECK: {{^}}            } else if (c2c_blocks_x > 0 && c2c_blocks_y > 0 && c2c_blocks_z > 0) {{{$}}
// CHECK: {{^}}              mm_kernel0_64x32<<<c2c_grid, c2c_block>>>(
// CHECK: {{^}}        } else if (c2c_blocks_x > 0 && c2c_blocks_y > 0 && c2c_blocks_z > 0) {{{$}}
// CHECK: {{^}}          mm_kernel0_128x64<<<c2c_grid, c2c_block>>>(
// CHECK: {{^}}    } else if (c2c_blocks_x > 0 && c2c_blocks_y > 0 && c2c_blocks_z > 0) {{{$}}
// CHECK: {{^}}      mm_kernel0<<<c2c_grid, c2c_block>>>(
// CHECK-LABEL: {{^}}static void c2c_mm_tiled_body(
// CHECK-NOT: c2c_grid_time
// CHECK: {{^}}      mm_tiled_kernel0<<<c2c_grid, c2c_block>>>(
// CHECK-NOT: c2c_grid_time
// REMARK: few-blocks.c:9:3: remark: when its blocks would take longer (the busiest multiprocessor's share of them, at the rate of their tile shape), mm_kernel0_128x64 (tiles of 128 (i) x 64 (j)) runs instead
// REMARK-NOT: mm_kernel0_64x32 (tiles
// REMARK-NOT: runs in place of
// IR-LABEL: *** IR Dump After PlanArrays *** (mm)
// IR: {{^}}  kernel 0 mm_kernel0 (nest 0) block(16,16,1) arrays(A, B, C) scalars(K, M, N) few-blocks(kernel 1) {{{$}}
// IR: {{^}}  kernel 1 mm_kernel0_128x64 (nest 0) block(16,16,1) arrays(A, B, C) scalars(K, M, N) few-blocks(kernel 2) {{{$}}
// IR: {{^}}  kernel 2 mm_kernel0_64x32 (nest 0) block(16,16,1) arrays(A, B, C) scalars(K, M, N) few-blocks(kernel 3) {{{$}}
// IR: {{^}}  kernel 3 mm_kernel0_16x16 (nest 0) block(16,16,1) arrays(A, B, C) scalars(K, M, N) {{{$}}
// ORACLE: CHECK mm PASS
