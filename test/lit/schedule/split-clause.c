// split(f: n): the strips of reduction loop f divided among n blocks per
// tile (blockIdx.y), each point's partial sums added atomically into outputs
// a first kernel sets to the sums' starts (transforms/SplitReductions.h).
// The clause asks for it whatever the size, where the user allows the sums
// to be reassociated; anything that cannot be split is an error at the
// clause.
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cu
// The oracle: 3 chunks of 13 strips, one strip for 4 blocks (3 add
// nothing), 2 tiles along each band loop.
// RUN: %c2cuda-check %s --size F=100,K=20 --trials 2 --function wtw | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s --size F=7,K=20 --trials 1 --function wtw | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s --size F=100,K=45 --trials 1 --function wtw | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s --size M=37,N=45,K=101 --trials 2 --function gemm | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s --size M=37,N=45,K=0 --trials 1 --function gemm | FileCheck %s --check-prefix=ORACLE
// Random schedules draw split(f: 2..8) where the probe split(f: 2) passes.
// RUN: %c2cuda-check %s --size F=100,K=37 --trials 1 --random-schedules 40 --function wtw > %t.check 2>&1
// RUN: FileCheck %s --check-prefix=RANDOM --implicit-check-not=FAIL --implicit-check-not=REFUSED < %t.check
// RANDOM: {{^}}SCHEDULE wtw sched={{[0-9]+}} nest 0: {{.*}} split(f: {{[2-8]}})
// RANDOM: {{^}}CHECK wtw PASS
// A schedule file spells it "split": {"f": 4}.
// RUN: %c2cuda %s -q --schedule %S/Inputs/split.json -o %t.file.cu
// RUN: FileCheck %s --check-prefix=FILE < %t.file.cu
// FILE: {{^}}// Schedule: map(l: x, k: y) block(16, 16) thread(k: 4, l: 2) tile(f: 16, k: 64, l: 32) split(f: 8){{$}}
// FILE: {{^}}    const long long c2c_blocks_y = 8LL;{{$}}

#ifndef BAD

void wtw(int F, int K, const float *W, float *G) {
#pragma c2cuda kernel map(l: x, k: y) block(16, 16) tile(k: 32, l: 32, f: 8) split(f: 4) reduction(+: acc)
  for (int k = 0; k < K; k++)
    for (int l = 0; l < K; l++) {
      float acc = 0.0f;
      for (int f = 0; f < F; f++)
        acc += W[f * K + k] * W[f * K + l];
      G[k * K + l] = acc;
    }
}

// REMARK: {{^}}{{.*}}split-clause.c:[[@LINE-9]]:3: remark: f split across 4 blocks per tile (split(f: 4)): each block's partial sums added atomically into G, which wtw_kernel0_zero zeroes first (allowed by 'reduction(+: acc)'){{$}}
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) wtw_kernel0(
// CHECK: {{^}}  long long c2c_begin_f = (long long)blockIdx.y * c2c_chunk_f;{{$}}
// CHECK: {{^}}            atomicAdd(&G[(long long)k * (long long)K + l], c2c_reg_acc[c2c_p_y][c2c_p_x]);{{$}}
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) wtw_kernel0_zero(
// CHECK: {{^}}      G[(long long)k * (long long)K + l] = 0.0f;{{$}}
// The host: the zeroing kernel, then the product on a grid 4 blocks high.
// CHECK: {{^}}    // Launch wtw_kernel0_zero (split-clause.c:
// CHECK: {{^}}    // Launch wtw_kernel0 (split-clause.c:
// CHECK: {{^}}    const long long c2c_blocks_y = 4LL;{{$}}

// The sum starts from C's element times beta (the start added after the
// loop, with permission): the first kernel sets C to it, the blocks add
// their parts.
void gemm(int M, int N, int K, float beta, float C[M][N], float A[M][K],
          float B[K][N]) {
#pragma c2cuda kernel tile(i: 32, j: 32, k: 16) split(k: 3) reduction(+: C)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] *= beta;
      for (int k = 0; k < K; k++)
        C[i][j] += A[i][k] * B[k][j];
    }
}

// C += A B through a pointer: the sum starts from C's element, kept in a
// register only where k runs (ReplaceArrayAccumulators.h); C holds the
// start already, so no first kernel.
void accumulate(int M, int N, int K, const float *A, const float *B,
                float *C) {
#pragma c2cuda kernel tile(i: 32, j: 32, k: 16) split(k: 3) reduction(+: C)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < K; k++)
        C[i * N + j] += A[i * K + k] * B[k * N + j];
}
// REMARK: {{^}}{{.*}}split-clause.c:[[@LINE-5]]:3: remark: k split across 3 blocks per tile (split(k: 3)): each block's partial sums added atomically into C, which holds the sums' starts already (allowed by 'reduction(+: C)'){{$}}
// CHECK-LABEL: {{^}}__global__ void {{.*}}accumulate_kernel0(
// CHECK: {{^ *}}if (0 < K) {{{$}}
// CHECK-NEXT: {{^ *}}atomicAdd(&C[(long long)i * (long long)N + j], c2c_reg_c2c_acc_C[c2c_p_y]);{{$}}
// CHECK-NOT: accumulate_kernel0_start
// CHECK-NOT: accumulate_kernel0_zero
// RUN: %c2cuda-check %s --size M=37,N=45,K=101 --trials 2 --function accumulate | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s --size M=37,N=45,K=0 --trials 1 --function accumulate --array-size A=0,B=0,C=0 | FileCheck %s --check-prefix=ORACLE

// ORACLE: {{^}}CHECK {{wtw|gemm|accumulate|staged}} PASS
#endif

// RUN: rm -f %t.bad.cu
// RUN: not %c2cuda %s -D BAD -D NOPERM -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=NOPERM --implicit-check-not=error:
// RUN: test ! -e %t.bad.cu
#ifdef NOPERM
void noperm(int F, int K, const float *W, float *G) {
#pragma c2cuda kernel tile(k: 32, l: 32, f: 8) split(f: 4)
  for (int k = 0; k < K; k++)
    for (int l = 0; l < K; l++) {
      float acc = 0.0f;
      for (int f = 0; f < F; f++)
        acc += W[f * K + k] * W[f * K + l];
      G[k * K + l] = acc;
    }
}
// NOPERM: {{^}}{{.*}}split-clause.c:[[@LINE-9]]:48: error: split(f: 4): the strips of 'f' cannot be divided among blocks: the sum 'acc' would be added in another order{{$}}
// NOPERM: {{^}}{{.*}}split-clause.c:[[@LINE-10]]:48: note: allow reassociation with 'reduction(+: acc)' or --allow-reassociation{{$}}
#endif

// A sum started at a bias: with leave to reassociate the start is added
// after the parts (a start kernel sets C to the biases, the blocks add into
// it), so that leave is what the error asks for, not to leave out the clause.
// RUN: not %c2cuda %s -D BAD -D STARTED -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=STARTED --implicit-check-not=error:
// RUN: %c2cuda %s -q -D BAD -D STARTED --allow-reassociation -o %t.started.cu
// RUN: FileCheck %s --check-prefix=STARTED-OK < %t.started.cu
// RUN: %c2cuda-check %s -D BAD -D STARTED --allow-reassociation --size M=37,N=45,K=101 --trials 2 --function started | FileCheck %s --check-prefix=STARTED-ORACLE
#ifdef STARTED
void started(int M, int N, int K, const float *A, const float *B, const float *b, float *C) {
#pragma c2cuda kernel tile(i: 32, j: 32, k: 8) split(k: 4)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = b[j];
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}
// STARTED: {{^}}{{.*}}split-clause.c:[[@LINE-9]]:48: error: split(k: 4): the strips of 'k' cannot be divided among blocks: the sum 'acc' does not start at zero, and its start would be added after its parts, in another order{{$}}
// STARTED: {{^}}{{.*}}split-clause.c:[[@LINE-10]]:48: note: allow reassociation with 'reduction(+: acc)' or --allow-reassociation{{$}}
// STARTED-OK: {{^}}// Schedule: {{.*}} split(k: 4){{$}}
// STARTED-OK: {{^}}__global__ void {{.*}}started_kernel0_start(
// STARTED-ORACLE: {{^}}CHECK started PASS
#endif

// The sum is scaled after the loop (not a store of it alone).
// RUN: not %c2cuda %s -D BAD -D ELSEWHERE -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=ELSEWHERE --implicit-check-not=error:
#ifdef ELSEWHERE
void elsewhere(int F, int K, const float *W, float *G) {
#pragma c2cuda kernel tile(k: 32, l: 32, f: 8) split(f: 4) reduction(+: acc)
  for (int k = 0; k < K; k++)
    for (int l = 0; l < K; l++) {
      float acc = 0.0f;
      for (int f = 0; f < F; f++)
        acc += W[f * K + k] * W[f * K + l];
      G[k * K + l] = acc * W[k];
    }
}
// ELSEWHERE: {{^}}{{.*}}split-clause.c:[[@LINE-9]]:48: error: split(f: 4): the strips of 'f' cannot be divided among blocks: after 'f' each point must only store its sums (X[...] = acc, or acc plus a start) into arrays the strips do not touch, each sum started at zero and only added to in the strips{{$}}
// ELSEWHERE: {{^}}{{.*}}split-clause.c:[[@LINE-10]]:48: note: leave out the clause{{$}}
#endif

// RUN: not %c2cuda %s -D BAD -D BAND -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=BAND --implicit-check-not=error:
#ifdef BAND
void band(int F, int K, const float *W, float *G) {
#pragma c2cuda kernel tile(k: 32, l: 32, f: 8) split(l: 4) reduction(+: acc)
  for (int k = 0; k < K; k++)
    for (int l = 0; l < K; l++) {
      float acc = 0.0f;
      for (int f = 0; f < F; f++)
        acc += W[f * K + k] * W[f * K + l];
      G[k * K + l] = acc;
    }
}
// BAND: {{^}}{{.*}}split-clause.c:[[@LINE-9]]:48: error: split(l: 4): no kernel of this nest runs 'l' in strips{{$}}
// BAND: {{^}}{{.*}}split-clause.c:[[@LINE-10]]:48: note: name the reduction loop the tile clause strip-mines{{$}}
#endif

// The values, checked like every clause's (schedule/ScheduleCheck.h).
// RUN: not %c2cuda %s -D BAD -D VALUES -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=VALUES --implicit-check-not=error:
#ifdef VALUES
void values(int F, int K, const float *W, float *G) {
#pragma c2cuda kernel tile(k: 32, l: 32) split(f: 4) reduction(+: acc)
  for (int k = 0; k < K; k++)
    for (int l = 0; l < K; l++) {
      float acc = 0.0f;
      for (int f = 0; f < F; f++)
        acc += W[f * K + k] * W[f * K + l];
      G[k * K + l] = acc;
    }
}
// VALUES: {{^}}{{.*}}split-clause.c:[[@LINE-9]]:51: error: split(f: 4) divides the strips of 'f' among blocks, but 'f' has no strip{{$}}
// VALUES: {{^}}{{.*}}split-clause.c:[[@LINE-10]]:51: note: give it one in the tile clause, e.g. 'tile(f: 8)'{{$}}
#endif

// Split blocks fill their shared buffers from their own chunk's first
// strip: two buffers from registers (pipeline(3)) and three by
// asynchronous copies (async(3)); 13 strips in chunks of 5 start the
// second block at an odd strip.
// RUN: %c2cuda %s -q -D STAGED -o %t.staged.cu
// RUN: FileCheck %s --check-prefix=STAGED < %t.staged.cu
// RUN: %c2cuda %s -q -D STAGED -D COPIED -o %t.copied.cu
// RUN: FileCheck %s --check-prefix=COPIED < %t.copied.cu
// RUN: %c2cuda-check %s -D STAGED --size F=100,K=45 --trials 2 --function staged | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s -D STAGED -D COPIED --size F=100,K=45 --trials 2 --function staged | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s -D STAGED -D COPIED --size F=7,K=20 --trials 1 --function staged | FileCheck %s --check-prefix=ORACLE
#ifdef STAGED
void staged(int F, int K, const float *W, float *G) {
#ifdef COPIED
#pragma c2cuda kernel tile(k: 32, l: 32, f: 8) shared(W) async(3) split(f: 3) reduction(+: acc)
#else
#pragma c2cuda kernel tile(k: 32, l: 32, f: 8) shared(W) pipeline(3) split(f: 3) reduction(+: acc)
#endif
  for (int k = 0; k < K; k++)
    for (int l = 0; l < K; l++) {
      float acc = 0.0f;
      for (int f = 0; f < F; f++)
        acc += W[f * K + k] * W[f * K + l];
      G[k * K + l] = acc;
    }
}
// STAGED-LABEL: {{^}}__global__ void {{.*}}staged_kernel0(
// STAGED: {{^}}      for (long long c2c_s_f = c2c_begin_f; c2c_s_f < c2c_end_f; c2c_s_f += 8) {{[{]$}}
// STAGED-NEXT: {{^}}        int c2c_buf_f = (int)((c2c_s_f - c2c_begin_f) / 8LL % 2LL);{{$}}
// COPIED-LABEL: {{^}}__global__ void {{.*}}staged_kernel0(
// COPIED: {{^}}      if (c2c_begin_f < c2c_end_f) {{[{]$}}
// COPIED-NEXT: {{^}}        int c2c_base_f = (int)((long long)0 + c2c_begin_f * 1LL);{{$}}
// COPIED: {{^}}      if (c2c_begin_f + 8LL < c2c_end_f) {{[{]$}}
// COPIED-NEXT: {{^}}        int c2c_base_f = (int)((long long)0 + (c2c_begin_f + 8LL) * 1LL);{{$}}
// COPIED: {{^}}      for (long long c2c_s_f = c2c_begin_f; c2c_s_f < c2c_end_f; c2c_s_f += 8) {{[{]$}}
// COPIED-NEXT: {{^}}        int c2c_buf_f = (int)((c2c_s_f - c2c_begin_f) / 8LL % 3LL);{{$}}
#endif

// RUN: not %c2cuda %s -D BAD -D RANGE -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=RANGE --implicit-check-not=error:
#ifdef RANGE
void range(int F, int K, const float *W, float *G) {
#pragma c2cuda kernel tile(k: 32, l: 32, f: 8) split(f: 1025) reduction(+: acc)
  for (int k = 0; k < K; k++)
    for (int l = 0; l < K; l++) {
      float acc = 0.0f;
      for (int f = 0; f < F; f++)
        acc += W[f * K + k] * W[f * K + l];
      G[k * K + l] = acc;
    }
}
// RANGE: {{^}}{{.*}}split-clause.c:[[@LINE-9]]:57: error: split(f: 1025) is outside the 2..1024 chunks a reduction's strips may be divided into{{$}}
// RANGE: {{^}}{{.*}}split-clause.c:[[@LINE-10]]:57: note: give the number of blocks that share each tile's sums, e.g. 'split(f: 16)'{{$}}
#endif
