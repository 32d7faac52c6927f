// SplitReductions: W^T W has K x K outputs summed over F rows, one or a few
// 128 x 128 tiles for a GPU of many multiprocessors. With permission to
// reassociate the sums, a copy of the product runs its f strips in
// c2c_split_count(tiles, strips / 4, 2, 4) chunks across blockIdx.y and adds
// each point's partial sum into G atomically, after a kernel that zeroes G;
// the host launches the pair where that count is at least 2 (one tile or at
// most one per 4 multiprocessors, and at least 8 strips), else the
// product as before. The host's smaller tiles (128 x 64, 64 x 32, 16 x 16)
// get split kernels too, each with its own count where it splits in two or
// more: after the zeros, the host launches the split kernel whose grid
// takes least time by its blocks' strips and points (64 x 32 tiles split
// 33 ways ran 2.6x faster than 128 x 128 split 256 ways at 128 x 128 x 8192
// on an H100). Without permission a remark says how to give it;
// a sum that does not start at zero, or an output the kernel also reads,
// is not split.
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cu
// RUN: %c2cuda-opt %s -q -passes=HoistHostLoops,MapToGrid,DefaultTiles,TileBands,StripMine,PromoteToShared,RegisterOperands,PipelineStrips,FuseEpilogues,SplitReductions -print-after=SplitReductions 2>&1 | FileCheck %s --check-prefix=PLAN
// The interpreter has 3 multiprocessors: one tile splits in min(6, strips / 4)
// chunks (F = 100: 13 strips of 8, 3 chunks; F = 33: whole), 2 tiles do not
// (K = 130). At F = 1000 the smaller tiles split too (63 strips of 16: 6
// chunks each) and by the estimate the 64 x 32 split kernel takes least
// time; at K = 5 the 16 x 16 one. The oracle checks the results of the
// kernels the host would launch, which --print-launches names.
// RUN: %c2cuda-check %s --size F=100,K=20 --trials 2 --function wtw --print-launches | FileCheck %s --check-prefixes=ORACLE,L100 --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size F=33,K=20 --trials 1 --function wtw --print-launches | FileCheck %s --check-prefixes=ORACLE,L33 --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size F=100,K=130 --trials 1 --function wtw --print-launches | FileCheck %s --check-prefixes=ORACLE,L33 --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size F=1000,K=20 --trials 1 --function wtw --print-launches | FileCheck %s --check-prefixes=ORACLE,L1000 --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size F=3000,K=5 --trials 1 --function wtw --print-launches | FileCheck %s --check-prefixes=ORACLE,L3000 --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size F=100,K=37 --trials 2 --function wtw_outside | FileCheck %s --check-prefix=OUTSIDE --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size F=77,K=20 --trials 1 --function wtw_start | FileCheck %s --check-prefix=KEPT --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size F=77,K=20 --trials 1 --function wtw_reads | FileCheck %s --check-prefix=KEPT2 --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size F=77,K=20 --trials 1 --function wtw_count | FileCheck %s --check-prefix=KEPT3 --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size F=77,K=20 --trials 1 --function wtw_local | FileCheck %s --check-prefix=KEPT4 --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size F=77,K=20 --trials 2 --function wtw_guard | FileCheck %s --check-prefix=KEPT5 --implicit-check-not=FAIL

void wtw(int F, int K, const float *W, float *G) {
#pragma c2cuda kernel reduction(+: acc)
  for (int k = 0; k < K; k++)
    for (int l = 0; l < K; l++) {
      float acc = 0.0f;
      for (int f = 0; f < F; f++)
        acc += W[f * K + k] * W[f * K + l];
      G[k * K + l] = acc;
    }
}

// REMARK: split-reductions.c:[[@LINE-9]]:3: remark: where its tiles are few (at most one per 4 multiprocessors), wtw_kernel0_split (or the split kernel of a smaller tile whose blocks take less time) runs instead: f split across blocks, min(2 x SMs / tiles, strips / 4) chunks, each block's partial sums added atomically into G, which wtw_kernel0_zero zeroes first (allowed by 'reduction(+: acc)')

// CHECK-LABEL: __global__ void __launch_bounds__(256) wtw_kernel0_zero(
// CHECK: {{^}}      G[(long long)k * (long long)K + l] = 0.0f;
// CHECK-LABEL: __global__ void __launch_bounds__(256, 2) wtw_kernel0_split(
// CHECK: {{^}}  long long c2c_chunk_f = ((c2c_trip_f + 7LL) / 8LL + ((long long)gridDim.y + -1LL)) / (long long)gridDim.y * 8LL;
// CHECK-NEXT: {{^}}  long long c2c_begin_f = (long long)blockIdx.y * c2c_chunk_f;
// CHECK-NEXT: {{^}}  long long c2c_end_f = c2c_trip_f < c2c_begin_f + c2c_chunk_f ? c2c_trip_f : c2c_begin_f + c2c_chunk_f;
// CHECK: {{^}}      if (c2c_begin_f < c2c_end_f) {
// CHECK: {{^}}      for (long long c2c_s_f = c2c_begin_f; c2c_s_f < c2c_end_f; c2c_s_f += 8) {
// CHECK: {{^}}            atomicAdd(&G[(long long)k * (long long)K + l], c2c_reg_acc[c2c_p_y][c2c_p_x]);
// CHECK-LABEL: __global__ void __launch_bounds__(256, 2) wtw_kernel0_64x32_split(
// CHECK: {{^}}            atomicAdd(&G[(long long)k * (long long)K + l], c2c_reg_acc[c2c_p_y][c2c_p_x]);
// The host: the split pair where the count is at least 2, else the chain.
// CHECK: {{^}}    // Launch wtw_kernel0 (split-reductions.c:
// CHECK-NEXT: {{^}}    const long long c2c_blocks_x =
// CHECK: {{^}}    if (c2c_split_count({{.*}}, (((long long)F > 0LL ? (long long)F : 0LL) + 7LL) / 8LL / 4LL, 2LL, 4LL) >= 2LL) {
// CHECK-NEXT: {{^}}      {
// CHECK-NEXT: {{^}}        // Launch wtw_kernel0_zero (split-reductions.c:
// CHECK: {{^}}        // Launch wtw_kernel0_split (split-reductions.c:
// CHECK-NEXT: {{^}}        const long long c2c_blocks_x =
// CHECK-NEXT: {{^}}        const long long c2c_blocks_y = c2c_split_count(
// A smaller tile's split where its grid takes less time: its blocks' chunk
// of strips times its block time, plus 150 per point of its tile (128 x 64:
// 1228800); forever where it would not split in two or more.
// CHECK: {{^}}        if (fmin(fmin(c2c_grid_time({{.*}}, 2LL, 1LL) >= 2LL ? 9525.5813953488378 * (double)({{.*}} * 16LL) + 1228800.0 : HUGE_VAL), c2c_grid_time({{.*}}) < c2c_grid_time(c2c_blocks_x * c2c_blocks_y * c2c_blocks_z, 16384.0 * (double)({{.*}} * 8LL) + 2457600.0)) {
// CHECK-NEXT: {{^}}          {
// CHECK-NEXT: {{^}}            // Launch wtw_kernel0_128x64_split (split-reductions.c:
// CHECK: {{^}}                // Launch wtw_kernel0_64x32_split (split-reductions.c:
// CHECK: {{^}}                    // Launch wtw_kernel0_16x16_split (split-reductions.c:
// CHECK: {{^}}                      wtw_kernel0_16x16_split<<<c2c_grid, c2c_block>>>(c2c_d_W, c2c_d_G, F, K);
// CHECK: {{^}}                  wtw_kernel0_64x32_split<<<c2c_grid, c2c_block>>>(c2c_d_W, c2c_d_G, F, K);
// CHECK: {{^}}              wtw_kernel0_128x64_split<<<c2c_grid, c2c_block>>>(c2c_d_W, c2c_d_G, F, K);
// CHECK: {{^}}          wtw_kernel0_split<<<c2c_grid, c2c_block>>>(c2c_d_W, c2c_d_G, F, K);
// CHECK: {{^}}    } else if (fmin(

// PLAN: kernel 0 wtw_kernel0 (nest 0) block(16,16,1) few-blocks(kernel 1) split(kernel 5) {
// PLAN: kernel 4 wtw_kernel0_zero (nest 0) block(16,16,1) {
// PLAN: kernel 5 wtw_kernel0_split (nest 0) block(16,16,1) few-blocks(kernel 6) after(kernel 4) block-time(16384.0 * (double)({{.*}}) + 2457600.0) {
// PLAN: kernel 6 wtw_kernel0_128x64_split (nest 0) block(16,16,1) few-blocks(kernel 7) block-time(c2c_split_count({{.*}}, 2LL, 1LL) >= 2LL ? 9525.5813953488378 * (double)({{.*}}) + 1228800.0 : HUGE_VAL) {
// PLAN: kernel 7 wtw_kernel0_64x32_split (nest 0) block(16,16,1) few-blocks(kernel 8) block-time(c2c_split_count({{.*}} >= 2LL ? 3723.6363636363635 * (double)({{.*}}) + 307200.0 : HUGE_VAL) {
// PLAN: kernel 8 wtw_kernel0_16x16_split (nest 0) block(16,16,1) block-time(
// PLAN: tile plan wtw_kernel0_split {
// PLAN: {{^}}  f split across blocks: c2c_split_count({{.*}}) chunks (blockIdx.y), partial sums added atomically

// ORACLE: CHECK wtw PASS
// L100: {{^}}LAUNCHES wtw wtw_kernel0_zero wtw_kernel0_split{{$}}
// L33: {{^}}LAUNCHES wtw wtw_kernel0_64x32{{$}}
// L1000: {{^}}LAUNCHES wtw wtw_kernel0_zero wtw_kernel0_64x32_split{{$}}
// L3000: {{^}}LAUNCHES wtw wtw_kernel0_zero wtw_kernel0_16x16_split{{$}}

void wtw_noperm(int F, int K, const float *W, float *G) {
#pragma c2cuda kernel
  for (int k = 0; k < K; k++)
    for (int l = 0; l < K; l++) {
      float acc = 0.0f;
      for (int f = 0; f < F; f++)
        acc += W[f * K + k] * W[f * K + l];
      G[k * K + l] = acc;
    }
}

// REMARK: split-reductions.c:[[@LINE-9]]:3: remark: where its tiles are few (at most one per 4 multiprocessors), f could be split across blocks (partial sums added atomically); allow reassociation with 'reduction(+: acc)' or --allow-reassociation

// A sum declared before the loops (set to zero in them) splits too.
void wtw_outside(int F, int K, const float *W, float *G) {
  float acc;
#pragma c2cuda kernel reduction(+: acc)
  for (int k = 0; k < K; k++)
    for (int l = 0; l < K; l++) {
      acc = 0.0f;
      for (int f = 0; f < F; f++)
        acc += W[f * K + k] * W[f * K + l];
      G[k * K + l] = acc;
    }
}

// CHECK-LABEL: __global__ void __launch_bounds__(256, 2) wtw_outside_kernel0_split(
// CHECK: {{^}}            atomicAdd(&G[(long long)k * (long long)K + l], c2c_reg_acc[c2c_p_y][c2c_p_x]);
// OUTSIDE: CHECK wtw_outside PASS

// A sum started at an integer zero (`float acc = 0;`, converted) splits too.
// RUN: %c2cuda-check %s --size F=100,K=20 --trials 2 --function wtw_int_zero --print-launches | FileCheck %s --check-prefix=INTZERO --implicit-check-not=FAIL
void wtw_int_zero(int F, int K, const float *W, float *G) {
#pragma c2cuda kernel reduction(+: acc)
  for (int k = 0; k < K; k++)
    for (int l = 0; l < K; l++) {
      float acc = 0;
      for (int f = 0; f < F; f++)
        acc += W[f * K + k] * W[f * K + l];
      G[k * K + l] = acc;
    }
}
// CHECK-LABEL: __global__ void __launch_bounds__(256, 2) wtw_int_zero_kernel0_split(
// CHECK: {{^}}            atomicAdd(&G[(long long)k * (long long)K + l], c2c_reg_acc[c2c_p_y][c2c_p_x]);
// INTZERO: {{^}}CHECK wtw_int_zero PASS
// INTZERO-NEXT: {{^}}LAUNCHES wtw_int_zero wtw_int_zero_kernel0_zero wtw_int_zero_kernel0{{(_[0-9x]+)?}}_split{{$}}

// Split without a first kernel: the sum starts from G's element (its start
// added after the loop), which holds it already.
void wtw_start(int F, int K, const float *W, float *G) {
#pragma c2cuda kernel reduction(+: acc)
  for (int k = 0; k < K; k++)
    for (int l = 0; l < K; l++) {
      float acc = G[k * K + l];
      for (int f = 0; f < F; f++)
        acc += W[f * K + k] * W[f * K + l];
      G[k * K + l] = acc;
    }
}
// REMARK: split-reductions.c:[[@LINE-8]]:3: remark: where its tiles are few (at most one per 4 multiprocessors), wtw_start_kernel0_split (or the split kernel of a smaller tile whose blocks take less time) runs instead: f split across blocks, min(2 x SMs / tiles, strips / 4) chunks, each block's partial sums added atomically into G, which holds the sums' starts already (allowed by 'reduction(+: acc)')
// RUN: FileCheck %s --check-prefix=START < %t.cu
// START-LABEL: {{^}}__global__ void __launch_bounds__(256, 2) wtw_start_kernel0_split(
// START: {{^}}            atomicAdd(&G[(long long)k * (long long)K + l], c2c_reg_acc[c2c_p_y][c2c_p_x]);
// START-NOT: wtw_start_kernel0_start
// START-NOT: wtw_start_kernel0_zero

void wtw_reads(int F, int K, float *W, float *G) {
#pragma c2cuda kernel reduction(+: acc)
  for (int k = 0; k < K; k++)
    for (int l = 0; l < K; l++) {
      float acc = 0.0f;
      for (int f = 0; f < F; f++)
        acc += W[f * K + k] * W[f * K + l];
      G[k * K + l] = acc * W[k];
    }
}

// Not split: the statements before the loop write an array (each chunk
// would run them); the store's subscript reads a local of the point.
void wtw_count(int F, int K, const float *W, float *G, int *visits) {
#pragma c2cuda kernel reduction(+: acc)
  for (int k = 0; k < K; k++)
    for (int l = 0; l < K; l++) {
      visits[k * K + l] = 1;
      float acc = 0.0f;
      for (int f = 0; f < F; f++)
        acc += W[f * K + k] * W[f * K + l];
      G[k * K + l] = acc;
    }
}

void wtw_local(int F, int K, const float *W, float *G) {
#pragma c2cuda kernel reduction(+: acc)
  for (int k = 0; k < K; k++)
    for (int l = 0; l < K; l++) {
      int at = k * K + l;
      float acc = 0.0f;
      for (int f = 0; f < F; f++)
        acc += W[f * K + k] * W[f * K + l];
      G[at] = acc;
    }
}

// Not split: the store's guard reads the output, which the first kernel
// changes before the split kernel would test it again.
void wtw_guard(int F, int K, const float *W, float *G) {
#pragma c2cuda kernel reduction(+: acc)
  for (int k = 0; k < K; k++)
    for (int l = 0; l < K; l++) {
      float acc = 0.0f;
      for (int f = 0; f < F; f++)
        acc += W[f * K + k] * W[f * K + l];
      if (G[k * K + l] > 0.0f)
        G[k * K + l] = acc;
    }
}

// CHECK-NOT: wtw_noperm_kernel0_split
// CHECK-NOT: wtw_reads_kernel0_split
// CHECK-NOT: wtw_count_kernel0_split
// CHECK-NOT: wtw_local_kernel0_split
// CHECK-NOT: wtw_guard_kernel0_split
// KEPT: CHECK wtw_start PASS
// KEPT2: CHECK wtw_reads PASS
// KEPT3: CHECK wtw_count PASS
// KEPT4: CHECK wtw_local PASS
// KEPT5: CHECK wtw_guard PASS
