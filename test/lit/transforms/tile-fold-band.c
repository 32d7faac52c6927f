// Tiled kernels over bands of more than three loops, and reduction nests
// (TileForBlocks.h): a band loop the grid leaves to each thread is folded
// into the tiles (tile(n: T) points deep); inside a strip the points run
// inside the loops that wrap the strip's body (r, s); an edge tile runs
// its points clamped to the last one inside, storing only those inside.
// The default schedule of a 3-D nest of reduction loops (DefaultTiling.h)
// is such a register tile; a single reduction loop stays untiled.
//
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cu
// RUN: %c2cuda-check %s --function conv4 --size N=3,C=2,H=7,W=37,K=11,R=3,S=2 --trials 2 | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s --function conv4 --size N=1,C=1,H=3,W=3,K=1,R=3,S=3 --trials 1 | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s --function layer --size cout=9,cin=3,ho=5,wo=35,kh=2,kw=3 --trials 2 | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s --function layer --size cout=70,cin=2,ho=3,wo=3,kh=1,kw=1 --trials 1 | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s --function conv_k_outer --size N=3,C=2,H=7,W=37,K=11,R=3,S=2 --trials 2 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s --function contraction --size nr=3,nq=5,np=7 --trials 1 | FileCheck %s --check-prefix=ORACLE
// ORACLE: PASS
// ORACLE-NOT: FAIL

// An explicit schedule: n left out of the map, two of its iterations per
// tile; c strip-mined by 2.
// REMARK: {{^}}{{.*}}tile-fold-band.c:[[@LINE+5]]:3: remark: n: each tile runs 2 iterations of it (the grid's three dimensions are taken, and the blocks number the tiles along every loop){{$}}
// REMARK: {{^}}{{.*}}tile-fold-band.c:[[@LINE+4]]:3: remark: tiled: blocks run tiles of 16 (q) x 16 (k) x 1 (p) x 2 (n), 16 threads each, c in strips of 2{{$}}
void conv4(int N, int C, int H, int W, int K, int R, int S, const float *in,
           const float *filt, float *out) {
#pragma c2cuda kernel map(q: x, k: y, p: z) block(4, 4, 1) tile(q: 16, k: 16, p: 1, n: 2, c: 2)
  for (int n = 0; n < N; n++)
    for (int k = 0; k < K; k++)
      for (int p = 0; p < H - R + 1; p++)
        for (int q = 0; q < W - S + 1; q++) {
          float acc = 0.0f;
          for (int c = 0; c < C; c++)
            for (int r = 0; r < R; r++)
              for (int s = 0; s < S; s++)
                acc += in[((n * C + c) * H + (p + r)) * W + (q + s)] *
                       filt[((k * C + c) * R + r) * S + s];
          out[((n * K + k) * (H - R + 1) + p) * (W - S + 1) + q] = acc;
        }
}
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(16) conv4_kernel0(
// CHECK: {{^}}  long long c2c_ntiles_w0 = (c2c_trip_w0 + 1LL) / 2LL;{{$}}
// CHECK-NEXT: {{^}}  long long c2c_ntiles = c2c_ntiles_x * c2c_ntiles_y * c2c_ntiles_z * c2c_ntiles_w0;{{$}}
// CHECK: {{^}}  float c2c_reg_acc[2][4][4];{{$}}
// Full tiles: the points inside r and s, unguarded.
// CHECK: {{^}}              for (int r = 0; r < R; ++r) {{{$}}
// CHECK-NEXT: {{^}}                for (int s = 0; s < S; ++s) {{{$}}
// CHECK-NEXT: {{^}}                  #pragma unroll{{$}}
// CHECK-NEXT: {{^}}                  for (int c2c_p_w0 = 0; c2c_p_w0 < 2; ++c2c_p_w0) {{{$}}
// CHECK: {{^}}                        int n = c2c_base_n + c2c_t_w0 * 1;{{$}}
// CHECK-NEXT: {{^}}                        c2c_reg_acc[c2c_p_w0][c2c_p_y][c2c_p_x] += in[
// Edge tiles: clamped indices, computed before r.
// CHECK: {{^}}              int c2c_c_w0[2];{{$}}
// CHECK: {{^}}                c2c_c_w0[c2c_p_w0] = 0 + c2c_p_w0 * 1 < c2c_left_w0 ? 0 + c2c_p_w0 * 1 : c2c_left_w0 - 1;{{$}}
// CHECK: {{^}}                        int c2c_t_w0 = c2c_c_w0[c2c_p_w0];{{$}}
// Only points inside store.
// CHECK: {{^}}            if (c2c_t_x < c2c_left_x && c2c_t_y < c2c_left_y && c2c_t_z < c2c_left_z && c2c_t_w0 < c2c_left_w0) {{{$}}
// CHECK-NEXT: {{^}}              int q = c2c_base_q + c2c_t_x * 1;{{$}}

// No clauses: the default register tile of a reduction nest over three
// mapped loops, and the same with 2 points along y for small grids.
// REMARK: {{^}}{{.*}}tile-fold-band.c:[[@LINE+7]]:3: remark: tiled: blocks run tiles of 32 (x) x 64 (co) x 4 (y), 64 threads each, ci in strips of 1{{$}}
// REMARK: {{^}}{{.*}}tile-fold-band.c:[[@LINE+6]]:3: remark: when its blocks would take longer (the busiest multiprocessor's share of them, at the rate of their tile shape) or its grid has fewer than 2 blocks per multiprocessor, layer_kernel0_2x64x32 (tiles of 2 (y) x 64 (co) x 32 (x)) runs instead{{$}}
void layer(int cout, int cin, int ho, int wo, int kh, int kw,
           const float in[cin][ho + kh - 1][wo + kw - 1],
           const float wt[cout][cin][kh][kw], const float bias[cout],
           float out[cout][ho][wo]) {
#pragma c2cuda kernel
  for (int co = 0; co < cout; co++)
    for (int y = 0; y < ho; y++)
      for (int x = 0; x < wo; x++) {
        out[co][y][x] = bias[co];
        for (int ci = 0; ci < cin; ci++)
          for (int r = 0; r < kh; r++)
            for (int s = 0; s < kw; s++)
              out[co][y][x] += wt[co][ci][r][s] * in[ci][y + r][x + s];
      }
}
// CHECK-LABEL: {{^}}// Schedule: map(x: x, co: y, y: z) block(8, 8, 1) thread(co: 8, x: 4, y: 4) tile(ci: 1, co: 64, x: 32, y: 4){{$}}

// The same convolution with k written outermost: the grid keeps k, the
// only band loop indexing the filter, and leaves one of the loops that
// index the input (n, p, q alike) to each thread; the nest gets the same
// register tile (MapToGrid.cpp, chooseThreeForGrid).
// REMARK: {{^}}{{.*}}tile-fold-band.c:[[@LINE+8]]:3: remark: mapped q -> x, n -> y, k -> z (3-D grid, block 32x4x2){{$}}
// REMARK: {{^}}{{.*}}tile-fold-band.c:[[@LINE+7]]:3: remark: p: each tile runs one iteration of it (the grid's three dimensions are taken, and the blocks number the tiles along every loop){{$}}
// REMARK: {{^}}{{.*}}tile-fold-band.c:[[@LINE+6]]:3: remark: tiled: blocks run tiles of 32 (q) x 4 (n) x 64 (k) x 1 (p), 64 threads each, c in strips of 1{{$}}
void conv_k_outer(int N, int C, int H, int W, int K, int R, int S,
                  const float *in, const float *filt, float *out) {
  int P = H - R + 1;
  int Q = W - S + 1;
#pragma c2cuda kernel
  for (int k = 0; k < K; k++)
    for (int p = 0; p < P; p++)
      for (int n = 0; n < N; n++)
        for (int q = 0; q < Q; q++) {
          float acc = 0.0f;
          for (int c = 0; c < C; c++)
            for (int r = 0; r < R; r++)
              for (int s = 0; s < S; s++)
                acc += in[((n * C + c) * H + (p + r)) * W + (q + s)] *
                       filt[((k * C + c) * R + r) * S + s];
          out[((n * K + k) * P + p) * Q + q] = acc;
        }
}
// CHECK-LABEL: {{^}}// Schedule: map(q: x, n: y, k: z) block(8, 1, 8) thread(k: 8, n: 4, q: 4) tile(c: 1, k: 64, n: 4, p: 1, q: 32){{$}}

// A single reduction loop: untiled (the tiles measured slower).
// REMARK-NOT: {{^}}{{.*}}tile-fold-band.c:[[@LINE+4]]:3: remark: tiled
void contraction(int nr, int nq, int np, const float A[nr][nq][np],
                 const float C4[np][np], float out[nr][nq][np]) {
#pragma c2cuda kernel
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++)
      for (int p = 0; p < np; p++) {
        float acc = 0.0f;
        for (int s = 0; s < np; s++)
          acc += A[r][q][s] * C4[s][p];
        out[r][q][p] = acc;
      }
}
// CHECK-LABEL: {{^}}__global__ void {{.*}}contraction_kernel0(
// CHECK-NOT: c2c_reg_acc
// CHECK: {{^}}extern "C" void contraction(

// Channels last: the reduction nest is r, s, c, its outer loop a literal
// window row; tiled as the c, r, s nest is, r in strips of 1.
// REMARK: {{^}}{{.*}}tile-fold-band.c:[[@LINE+6]]:3: remark: tiled: blocks run tiles of 32 (k) x 64 (q) x 4 (p) x 1 (n), 64 threads each, r in strips of 1{{$}}
// RUN: %c2cuda-check %s --function conv_nhwc --size N=2,H=9,W=11,C=5,K=6 --trials 2 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --function conv_nhwc --size N=2,H=20,W=19,C=9,K=40 --trials 1 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
void conv_nhwc(int N, int H, int W, int C, int K, const float in[N][H][W][C],
               const float w[3][3][C][K], float out[N][H - 2][W - 2][K]) {
#pragma scop
  for (int n = 0; n < N; n++)
    for (int p = 0; p < H - 2; p++)
      for (int q = 0; q < W - 2; q++)
        for (int k = 0; k < K; k++) {
          float acc = 0.0f;
          for (int r = 0; r < 3; r++)
            for (int s = 0; s < 3; s++)
              for (int c = 0; c < C; c++)
                acc += in[n][p + r][q + s][c] * w[r][s][c][k];
          out[n][p][q][k] = acc;
        }
#pragma endscop
}
// CHECK-LABEL: {{^}}// Schedule: map(k: x, q: y, p: z) block(8, 8, 1) thread(k: 4, p: 4, q: 8) tile(k: 32, n: 1, p: 4, q: 64, r: 1){{$}}
