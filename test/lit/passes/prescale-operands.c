// PrescaleOperands: a shared tile staged scaled (`alpha * A[i][k]`) and
// filled by asynchronous copies would be multiplied in shared memory in
// every block; instead the host scales the array once before each launch
// (c2c_prescale into a buffer kept per array) and the kernel copies the
// buffer as it is. Not where the scale is a host local (twice), or where
// the array has a tile that is not scaled (two_tiles' A[j][k]).
// RUN: %c2cuda-opt %s -q -passes=HoistHostLoops,MapToGrid,TileBands,StripMine,PromoteToShared,PipelineStrips,CopyAsync,PrescaleOperands -print-after=PrescaleOperands 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cu
// RUN: %c2cuda-check %s --size n=130,m=70,p=37 --trials 1 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size n=19,m=23,p=0 --trials 1 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size n=65,m=33,p=17 --trials 1 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL

void sgemm_async(int n, int m, int p, float alpha, const float A[n][p],
                 const float B[p][m], float C[n][m]) {
#pragma c2cuda kernel tile(i: 64, j: 64, k: 16) block(16, 16) shared(A, B) async(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float acc = 0.0f;
      for (int k = 0; k < p; k++)
        acc += alpha * A[i][k] * B[k][j];
      C[i][j] = acc;
    }
}

void dgemm(int n, int m, int p, double alpha, double beta, const double A[n][p],
           const double B[p][m], double C[n][m]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      C[i][j] *= beta;
      for (int k = 0; k < p; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
}

void local_scale(int n, int m, int p, double alpha, const double A[n][p],
                 const double B[p][m], double C[n][m]) {
  double twice = 2.0 * alpha;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      double acc = 0.0;
      for (int k = 0; k < p; k++)
        acc += twice * A[i][k] * B[k][j];
      C[i][j] = acc;
    }
}

void two_tiles(int n, int p, double alpha, const double A[n][p],
               double C[n][n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double acc = 0.0;
      for (int k = 0; k < p; k++)
        acc += alpha * A[i][k] * A[j][k];
      C[i][j] = acc;
    }
}

// PLAN-LABEL: {{^}}lowered sgemm_async {{{$}}
// PLAN:       {{^}}  kernel 0 sgemm_async_kernel0 (nest 0) block(16,16,1) prescaled(A * alpha) {{{$}}
// PLAN:       {{^}}tile plan sgemm_async_kernel0 {{{$}}
// PLAN:       {{^}}  shared A: c2c_sh_A[2][64][16], times alpha (scaled before the launch){{$}}
// PLAN-NEXT:  {{^}}  shared B: c2c_sh_B[2][16][64]{{$}}

// The kernel copies the scaled buffer and multiplies nothing in place.
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) sgemm_async_kernel0(const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C, int m, int n, int p) {{{$}}
// CHECK-NOT:  alpha
// CHECK-LABEL: {{^}}static void c2c_sgemm_async_body(
// CHECK:      {{^}}  static thread_local c2c_prescale_buffer c2c_prescaled_A;{{$}}
// CHECK:      {{^}}      const float *c2c_scaled_A = c2c_prescale<float>(c2c_prescaled_A, (const float *)c2c_d_A, (float)(alpha), c2c_n_A, "sgemm_async_kernel0", "prescale-operands.c:17");{{$}}
// CHECK-NEXT: {{^}}      sgemm_async_kernel0<<<c2c_grid, c2c_block>>>(c2c_scaled_A, c2c_d_B, c2c_d_C, m, n, p);{{$}}

// The default double product: each of its tile shapes gets the scaled
// buffer.
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) dgemm_kernel0(const double *__restrict__ A, const double *__restrict__ B, double *__restrict__ C, double beta, int m, int n, int p) {{{$}}
// CHECK-NOT:  alpha
// CHECK-LABEL: {{^}}static void c2c_dgemm_body(
// CHECK:      {{^}}          dgemm_kernel0_128x64<<<c2c_grid, c2c_block, {{[0-9]+}}>>>(c2c_scaled_A, c2c_d_B, c2c_d_C, beta, m, n, p);{{$}}
// CHECK:      {{^}}      const double *c2c_scaled_A = c2c_prescale<double>(c2c_prescaled_A, (const double *)c2c_d_A, (double)(alpha), c2c_n_A, "dgemm_kernel0", "prescale-operands.c:29");{{$}}
// CHECK-NEXT: {{^}}      c2c_allow_shared((const void *)dgemm_kernel0, {{.*}});{{$}}
// CHECK-NEXT: {{^}}      dgemm_kernel0<<<c2c_grid, c2c_block, {{[0-9]+}}>>>(c2c_scaled_A, c2c_d_B, c2c_d_C, beta, m, n, p);{{$}}

// A host local scale: still scaled in place.
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) local_scale_kernel0(
// CHECK:      {{^}}            c2c_sh_A[c2c_buf_k][c2c_a0_A][c2c_a1_A] = twice * c2c_sh_A[c2c_buf_k][c2c_a0_A][c2c_a1_A];{{$}}
// CHECK-LABEL: {{^}}static void c2c_local_scale_body(
// CHECK-NOT:  c2c_prescale
// CHECK:      {{^}}      local_scale_kernel0<<<c2c_grid, c2c_block, {{[0-9]+}}>>>(c2c_d_A, c2c_d_B, c2c_d_C, m, n, p, twice);{{$}}

// A[j][k] is read unscaled: A stays as it is.
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) two_tiles_kernel0(
// CHECK:      {{^}}            c2c_sh_A[c2c_buf_k][c2c_a0_A][c2c_a1_A] = alpha * c2c_sh_A[c2c_buf_k][c2c_a0_A][c2c_a1_A];{{$}}
// CHECK-LABEL: {{^}}static void c2c_two_tiles_body(
// CHECK-NOT:  c2c_prescale
// CHECK:      {{^}}      two_tiles_kernel0<<<c2c_grid, c2c_block, {{[0-9]+}}>>>(c2c_d_A, c2c_d_C, alpha, n, p);{{$}}

// REMARK: prescale-operands.c:17:3: remark: 'A' staged in shared memory as c2c_sh_A[2][64][16], multiplied by 'alpha' once per element before the launch (every point reads it so){{$}}
// REMARK: prescale-operands.c:29:3: remark: 'A' staged in shared memory as c2c_sh_A[2][128][36], multiplied by 'alpha' once per element before the launch (every point reads it so){{$}}
// REMARK: prescale-operands.c:41:3: remark: 'A' staged in shared memory as c2c_sh_A[2][128][36], multiplied by 'twice' as it is loaded (every point reads it so){{$}}
// REMARK: prescale-operands.c:53:3: remark: 'A' staged in shared memory as c2c_sh_A[2][128][36], multiplied by 'alpha' as it is loaded (every point reads it so){{$}}

// ORACLE: CHECK sgemm_async PASS
// ORACLE: CHECK dgemm PASS
// ORACLE: CHECK local_scale PASS
// ORACLE: CHECK two_tiles PASS
