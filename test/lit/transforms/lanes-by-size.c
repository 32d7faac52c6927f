// A row reduction split over the threads of a block by default takes 8
// warps per row; where the host can evaluate the row loop's trip count at
// the launch, copies in 2 and 4 warps per row run instead for rows of at
// most 2048 and 8192 iterations (ReduceAcrossLanes.h). Bounds that read the
// mapped loop's iterator or a local of the point keep the one kernel. A
// column reduction takes 32 columns per block over 32 slices; where there
// are at most 128, 512, 1024 or 2048 columns, copies taking 2, 4, 8 or 16
// per block (over 512, 256, 128 or 64 slices) run instead.
// RUN: %c2cuda %s -o %t.cu 2>%t.err
// RUN: FileCheck %s < %t.cu
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// RUN: %c2cuda-opt %s -q -passes=HoistHostLoops,MapToGrid,ReduceAcrossLanes -print-after=ReduceAcrossLanes 2>&1 | FileCheck %s --check-prefix=IR
// RUN: %c2cuda-check %s --size n=3,m=5 --trials 2 | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s --function rows --size n=2,m=2049 --trials 1 | FileCheck %s --check-prefix=ROWS
// RUN: %c2cuda-check %s --function rows --size n=2,m=8193 --trials 1 | FileCheck %s --check-prefix=ROWS
// RUN: %c2cuda-check %s --function rows --size n=2,m=0 --trials 1 | FileCheck %s --check-prefix=ROWS
// RUN: %c2cuda-check %s --function cols --size n=40,m=129 --trials 1 | FileCheck %s --check-prefix=COLS
// RUN: %c2cuda-check %s --function cols --size n=40,m=513 --trials 1 | FileCheck %s --check-prefix=COLS
// RUN: %c2cuda-check %s --function cols --size n=40,m=1025 --trials 1 | FileCheck %s --check-prefix=COLS
// RUN: %c2cuda-check %s --function cols --size n=40,m=2049 --trials 1 | FileCheck %s --check-prefix=COLS

void rows(int n, int m, const float *A, float *r) {
#pragma c2cuda kernel reduction(+: acc)
  for (int i = 0; i < n; i++) {
    float acc = 0.0f;
    for (int j = 0; j < m; j++)
      acc += A[i * m + j];
    r[i] = acc;
  }
}

void cols(int n, int m, const float *A, const float *x, float *y) {
#pragma c2cuda kernel reduction(+: acc)
  for (int j = 0; j < m; j++) {
    float acc = 0.0f;
    for (int i = 0; i < n; i++)
      acc += A[i * m + j] * x[i];
    y[j] = acc;
  }
}

void tri(int n, const float *A, float *r) {
#pragma c2cuda kernel reduction(+: acc)
  for (int i = 0; i < n; i++) {
    float acc = 0.0f;
    for (int j = 0; j <= i; j++)
      acc += A[i * n + j];
    r[i] = acc;
  }
}

void local(int n, int m, const float *A, float *r) {
#pragma c2cuda kernel reduction(+: acc)
  for (int i = 0; i < n; i++) {
    float acc = 0.0f;
    int w = m - 1;
    for (int j = 0; j < w; j++)
      acc += A[i * m + j];
    r[i] = acc;
  }
}

// CHECK:      {{^}}__global__ void __launch_bounds__(256) rows_kernel0(
// CHECK:      {{^}}__global__ void __launch_bounds__(64) rows_kernel0_2warps(
// CHECK:      {{^ *}}for (long long c2c_q_j = (long long)threadIdx.y * 32LL + (long long)threadIdx.x; c2c_q_j < c2c_trip_j; c2c_q_j += 64) {
// CHECK:      {{^ *}}for (int c2c_s = 1; c2c_s < 2; ++c2c_s) {
// CHECK:      {{^}}__global__ void __launch_bounds__(128) rows_kernel0_4warps(
// CHECK:      {{^ *}}for (long long c2c_q_j = (long long)threadIdx.y * 32LL + (long long)threadIdx.x; c2c_q_j < c2c_trip_j; c2c_q_j += 128) {
// CHECK:      {{^ *}}for (int c2c_s = 1; c2c_s < 4; ++c2c_s) {
// CHECK-LABEL: {{^}}static void c2c_rows_body(
// CHECK-NEXT: {{^}}  if (((long long)m > 0LL ? (long long)m : 0LL) <= 2048LL) {{{$}}
// CHECK:      {{^}}        const dim3 c2c_block(32u, 2u, 1u);{{$}}
// CHECK-NEXT: {{^}}        rows_kernel0_2warps<<<c2c_grid, c2c_block>>>(c2c_d_A, c2c_d_r, m, n);{{$}}
// CHECK:      {{^}}  } else {{{$}}
// CHECK-NEXT: {{^}}    if (((long long)m > 0LL ? (long long)m : 0LL) <= 8192LL) {{{$}}
// CHECK:      {{^}}          const dim3 c2c_block(32u, 4u, 1u);{{$}}
// CHECK-NEXT: {{^}}          rows_kernel0_4warps<<<c2c_grid, c2c_block>>>(c2c_d_A, c2c_d_r, m, n);{{$}}
// CHECK:      {{^}}    } else {{{$}}
// CHECK:      {{^}}          const dim3 c2c_block(32u, 8u, 1u);{{$}}
// CHECK-NEXT: {{^}}          rows_kernel0<<<c2c_grid, c2c_block>>>(c2c_d_A, c2c_d_r, m, n);{{$}}
// CHECK:      {{^}}__global__ void __launch_bounds__(1024) cols_kernel0(
// CHECK-NEXT: {{^}}  __shared__ __align__(16) float c2c_red_acc[32][32];{{$}}
// CHECK:      {{^}}__global__ void __launch_bounds__(1024) cols_kernel0_2points(
// CHECK-NEXT: {{^}}  __shared__ __align__(16) float c2c_red_acc[512][2];{{$}}
// CHECK:      {{^}}__global__ void __launch_bounds__(1024) cols_kernel0_4points(
// CHECK-NEXT: {{^}}  __shared__ __align__(16) float c2c_red_acc[256][4];{{$}}
// CHECK:      {{^}}__global__ void __launch_bounds__(1024) cols_kernel0_8points(
// CHECK-NEXT: {{^}}  __shared__ __align__(16) float c2c_red_acc[128][8];{{$}}
// CHECK:      {{^ *}}for (long long c2c_q_i = (long long)threadIdx.y; c2c_q_i < c2c_trip_i; c2c_q_i += 128) {
// CHECK:      {{^}}__global__ void __launch_bounds__(1024) cols_kernel0_16points(
// CHECK-NEXT: {{^}}  __shared__ __align__(16) float c2c_red_acc[64][16];{{$}}
// CHECK:      {{^ *}}for (long long c2c_q_i = (long long)threadIdx.y; c2c_q_i < c2c_trip_i; c2c_q_i += 64) {
// CHECK-LABEL: {{^}}static void c2c_cols_body(
// CHECK-NEXT: {{^}}  if (((long long)m > 0LL ? (long long)m : 0LL) <= 128LL) {{{$}}
// CHECK:      {{^}}        const dim3 c2c_block(2u, 512u, 1u);{{$}}
// CHECK-NEXT: {{^}}        cols_kernel0_2points<<<c2c_grid, c2c_block>>>(
// CHECK:      {{^}}  } else {{{$}}
// CHECK-NEXT: {{^}}    if (((long long)m > 0LL ? (long long)m : 0LL) <= 512LL) {{{$}}
// CHECK:      {{^}}          const dim3 c2c_block(4u, 256u, 1u);{{$}}
// CHECK-NEXT: {{^}}          cols_kernel0_4points<<<c2c_grid, c2c_block>>>(
// CHECK:      {{^}}    } else {{{$}}
// CHECK-NEXT: {{^}}      if (((long long)m > 0LL ? (long long)m : 0LL) <= 1024LL) {{{$}}
// CHECK:      {{^}}            const dim3 c2c_block(8u, 128u, 1u);{{$}}
// CHECK-NEXT: {{^}}            cols_kernel0_8points<<<c2c_grid, c2c_block>>>(
// CHECK:      {{^}}      } else {{{$}}
// CHECK-NEXT: {{^}}        if (((long long)m > 0LL ? (long long)m : 0LL) <= 2048LL) {{{$}}
// CHECK:      {{^}}              const dim3 c2c_block(16u, 64u, 1u);{{$}}
// CHECK-NEXT: {{^}}              cols_kernel0_16points<<<c2c_grid, c2c_block>>>(
// CHECK:      {{^}}        } else {{{$}}
// CHECK:      {{^}}              const dim3 c2c_block(32u, 32u, 1u);{{$}}
// CHECK-NEXT: {{^}}              cols_kernel0<<<c2c_grid, c2c_block>>>(
// CHECK:      {{^}}__global__ void __launch_bounds__(256) tri_kernel0(
// CHECK-NOT:  {{^}}__global__ void
// CHECK-LABEL: {{^}}static void c2c_tri_body(
// CHECK-NOT:  <= 2048LL
// CHECK:      {{^}}__global__ void __launch_bounds__(256) local_kernel0(
// CHECK-NOT:  {{^}}__global__ void
// CHECK-LABEL: {{^}}static void c2c_local_body(
// CHECK-NOT:  <= 2048LL

// REMARK:     lanes-by-size.c:24:3: remark: where 'j' runs at most 2048 rows_kernel0_2warps (2 warps per i), at most 8192 rows_kernel0_4warps (4 warps per i) runs instead: the host tests its trip count at the launch{{$}}
// REMARK:     lanes-by-size.c:34:3: remark: where 'j' runs at most 128 cols_kernel0_2points (2 per block, 'i' over 512 slices), at most 512 cols_kernel0_4points (4 per block, 'i' over 256 slices), at most 1024 cols_kernel0_8points (8 per block, 'i' over 128 slices), at most 2048 cols_kernel0_16points (16 per block, 'i' over 64 slices) runs instead: the host tests its trip count at the launch{{$}}
// REMARK-NOT: runs at most

// IR:      {{^}}  kernel 1 rows_kernel0_2warps (nest 0) block(32,2,1) {{{$}}
// IR:      {{^}}  kernel 2 rows_kernel0_4warps (nest 0) block(32,4,1) {{{$}}
// IR:      {{^}}  host {{{$}}
// IR-NEXT: {{^}}    if (((long long)m > 0LL ? (long long)m : 0LL) <= 2048LL) {{{$}}
// IR-NEXT: {{^}}      launch kernel 1;{{$}}
// IR-NEXT: {{^}}    } else {{{$}}
// IR-NEXT: {{^}}      if (((long long)m > 0LL ? (long long)m : 0LL) <= 8192LL) {{{$}}
// IR-NEXT: {{^}}        launch kernel 2;{{$}}
// IR-NEXT: {{^}}      } else {{{$}}
// IR-NEXT: {{^}}        launch kernel 0;{{$}}

// ORACLE: CHECK rows PASS
// ORACLE: CHECK cols PASS
// ORACLE: CHECK tri PASS
// ORACLE: CHECK local PASS
// ROWS:   CHECK rows PASS
// COLS:   CHECK cols PASS
