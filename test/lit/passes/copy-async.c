// CopyAsync plans asynchronous copies (cp.async) into N buffers of each
// shared tile: a strip waits for its own copies and a barrier, then the
// copies of the strip N - 1 ahead go to the buffer the previous strip used.
// A tile transposed for the points' vector reads keeps that layout and is
// loaded by the threads; on the tensor cores (which read single elements)
// it gets the array's layout back and is copied too. A tile staged scaled
// is scaled in place once its copies land.
// RUN: %c2cuda-opt %s -q -passes=HoistHostLoops,MapToGrid,TileBands,StripMine,PromoteToShared,PipelineStrips,CopyAsync -print-after=CopyAsync 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cu
// RUN: not %c2cuda-opt %s -q -DNOSHARED -passes=HoistHostLoops,MapToGrid,TileBands,StripMine,PromoteToShared,CopyAsync 2>&1 | FileCheck %s --check-prefix=NOSHARED
// RUN: %c2cuda-check %s --size n=70,m=45,p=37 --trials 1 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size n=130,m=256,p=64 --trials 1 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL

void smm(int n, int m, int p, const float *A, const float *B, float *C) { // gpu-check: A[n*p] B[p*m] C[n*m]
#ifdef NOSHARED
#pragma c2cuda kernel tile(i: 64, j: 64, k: 8) block(16, 16) async(3)
#else
#pragma c2cuda kernel tile(i: 64, j: 64, k: 8) block(16, 16) shared(A, B) pad(4) vector(i: 4, j: 4) async(3)
#endif
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float acc = 0.0f;
      for (int k = 0; k < p; k++)
        acc += A[i * p + k] * B[k * m + j];
      C[i * m + j] = acc;
    }
}

void dgemm(int n, int m, int p, double alpha, const double A[n][p],
           const double B[p][m], double C[n][m]) {
  double half = 0.5 * alpha;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      double acc = 0.0;
      for (int k = 0; k < p; k++)
        acc += half * A[i][k] * B[k][j];
      C[i][j] = acc;
    }
}

// PLAN:      {{^}}tile plan smm_kernel0 {{{$}}
// PLAN:      {{^}}  shared A: c2c_sh_A[3][8][68] (transposed){{$}}
// PLAN-NEXT: {{^}}  shared B: c2c_sh_B[3][8][68]{{$}}
// PLAN-NEXT: {{^}}  async copies: 3 buffers{{$}}

// The float product: B copied, A (transposed) loaded by the threads.
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) smm_kernel0(
// CHECK:     {{^}}          c2c_cp_async<16>(&c2c_sh_B[0][c2c_a0_B][c2c_a1_B], &B[{{.*}}]);{{$}}
// CHECK:     {{^}}      c2c_cp_async_commit();{{$}}
// CHECK:     {{^}}      for (long long c2c_s_k = 0LL; c2c_s_k < c2c_trip_k; c2c_s_k += 8) {{{$}}
// CHECK-NEXT: {{^}}        int c2c_buf_k = (int)(c2c_s_k / 8LL % 3LL);{{$}}
// CHECK-NEXT: {{^}}        int c2c_base_k = {{.*}};{{$}}
// CHECK-NEXT: {{^}}        c2c_cp_async_wait<1>();{{$}}
// CHECK-NEXT: {{^}}        __syncthreads();{{$}}
// CHECK-NEXT: {{^}}        if (c2c_s_k + 16LL < c2c_trip_k) {{{$}}
// CHECK:     {{^}}                c2c_sh_A[(c2c_buf_k + 2) % 3][c2c_a1_A][c2c_a0_A] = c2c_pf_A[c2c_r_A][0];{{$}}
// CHECK:     {{^}}              c2c_cp_async<16>(&c2c_sh_B[(c2c_buf_k + 2) % 3][c2c_a0_B][c2c_a1_B], &B[{{.*}}]);{{$}}
// CHECK:     {{^}}        c2c_cp_async_commit();{{$}}
// CHECK:     {{^}}                  c2c_reg_acc[c2c_p_y][c2c_p_x] += c2c_sh_A[c2c_buf_k][{{.*}}
// CHECK-NOT: __syncthreads
// After the strips, a barrier before the next tile refills the buffers.
// CHECK:     {{^}}      __syncthreads();{{$}}
// CHECK-NEXT: {{^}}      #pragma unroll{{$}}
// CHECK-NEXT: {{^}}      for (int c2c_p_y = 0; c2c_p_y < 4; ++c2c_p_y) {{{$}}

// REMARK:    remark: shared tiles filled by asynchronous copies (cp.async) into 3 buffers: the copies of the next 2 strips in flight while one computes, one barrier per strip{{$}}
// REMARK:    remark: 'A' loaded into its buffers by the threads, not copied asynchronously: its tile is transposed for the points' vector reads{{$}}

// The double product on the tensor cores, by default: A in its own
// layout, copied, scaled in place by the threads that copied it (by a
// scale the host computes; a parameter would scale A once before the
// launch instead: prescale-operands.c).
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) dgemm_kernel0(
// CHECK:     {{^}}        c2c_cp_async_wait<0>();{{$}}
// CHECK:     {{^}}            c2c_sh_A[c2c_buf_k][c2c_a0_A][c2c_a1_A] = half * c2c_sh_A[c2c_buf_k][c2c_a0_A][c2c_a1_A];{{$}}
// CHECK:     {{^}}        __syncthreads();{{$}}
// REMARK:    remark: 'A' staged in shared memory as c2c_sh_A[2][128][36], multiplied by 'half' as it is loaded (every point reads it so){{$}}
// REMARK:    remark: shared tiles filled by asynchronous copies (cp.async) into 2 buffers: the copies of the next strip in flight while one computes, one barrier per strip{{$}}
// REMARK:    remark: full strips on the FP64 tensor cores

// NOSHARED: error: async(3) copies the next strips' shared tiles while this one computes, and this kernel has no shared tile{{$}}

// ORACLE: CHECK smm PASS
// ORACLE: CHECK dgemm PASS
