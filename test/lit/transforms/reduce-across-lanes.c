// Row reductions along the contiguous dimension with reassociation allowed
// (ReduceAcrossLanes): one block of 8 warps per row, its threads over the
// columns, partials combined with warp shuffles and then in shared memory,
// the first thread finishing the row.
void rowstats(int n, int m, const float *A, float *mean, float *var) {
#pragma c2cuda kernel reduction(+: s, q)
  for (int i = 0; i < n; i++) {
    float s = 0.0f, q = 0.0f;
    for (int j = 0; j < m; j++) {
      float a = A[i * m + j];
      s += a;
      q += a * a;
    }
    mean[i] = s / m;
    var[i] = q / m - (s / m) * (s / m);
  }
}
void rowmin(int n, int m, int A[n][m], int *r) {
#pragma c2cuda kernel reduction(min: mn)
  for (int i = 0; i < n; i++) {
    int mn = A[i][0];
    for (int j = 1; j < m; j++)
      if (A[i][j] < mn)
        mn = A[i][j];
    r[i] = mn;
  }
}
void residual(int n, int m, const double *A, const double *x, const double *b,
              double *r) {
#pragma c2cuda kernel reduction(+: t)
  for (int i = 0; i < n; i++) {
    double t = b[i];
    for (int j = 0; j < m; j++)
      t -= A[i * m + j] * x[j];
    r[i] = t;
  }
}
// Without permission the rows stay one per thread, staged through shared
// memory so that the loads are still coalesced (exact order).
void rowsum_exact(int n, int m, const float *A, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int j = 0; j < m; j++)
      s += A[i * m + j];
    y[i] = s;
  }
}
// A column reduction reads along the mapped loop, coalesced as it is: 32
// columns per block, the rows split over 32 slices of threads, the slices'
// sums combined through shared memory.
void colsum(int n, int m, const float *A, float *y) {
#pragma c2cuda kernel reduction(+: s)
  for (int j = 0; j < m; j++) {
    float s = 0.0f;
    for (int i = 0; i < n; i++)
      s += A[i * m + j];
    y[j] = s;
  }
}
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck %s < %t.cu
// RUN: %c2cuda-check %s --size n=37,m=45 --trials 3 | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size n=1,m=1 --trials 2 | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size n=19,m=130 --trials 2 | FileCheck --check-prefix=ORACLE %s
// REMARK: {{^}}{{.*}}reduce-across-lanes.c:7:3: remark: mapped i -> blocks (one block of 32x8 threads per i), 'j' over its threads: consecutive threads read consecutive elements; the partial results combined with warp shuffles, then across the 8 warps in shared memory, into s (allowed by 'reduction(+: s)'), q (allowed by 'reduction(+: q)'){{$}}
// REMARK: {{^}}{{.*}}reduce-across-lanes.c:20:3: remark: mapped i -> blocks {{.*}} into mn (allowed by 'reduction(min: mn)'){{$}}
// REMARK: {{^}}{{.*}}reduce-across-lanes.c:31:3: remark: mapped i -> blocks {{.*}} into t (allowed by 'reduction(+: t)'){{$}}
// REMARK: {{^}}{{.*}}reduce-across-lanes.c:42:3: remark: j runs sequentially in each thread: reduction into s (+) across iterations of 'j'{{$}}
// REMARK: {{^}}{{.*}}reduce-across-lanes.c:42:3: remark: 'A' staged in shared memory as c2c_sh_A[64][33] (transposed){{$}}
// REMARK: {{^}}{{.*}}reduce-across-lanes.c:54:3: remark: mapped j -> x (32 per block), 'i' split over 32 slices of threads (threadIdx.y; slice s runs iterations s, s + 32, ...): the slices' partial results combined through shared memory into s (allowed by 'reduction(+: s)'){{$}}
// No clause spells these mappings: the comment names the default schedule,
// which reproduces them.
// CHECK: {{^}}// Schedule: (default){{$}}
// CHECK-NEXT: {{^}}__global__ void __launch_bounds__(256) rowstats_kernel0(
// CHECK-NEXT: {{^}}  __shared__ __align__(16) float c2c_red_s[8][32];{{$}}
// CHECK-NEXT: {{^}}  __shared__ __align__(16) float c2c_red_q[8][32];{{$}}
// CHECK: {{^}}    long long c2c_t_x = ((long long)blockIdx.x + c2c_round * (long long)gridDim.x) * 1LL + 0LL;{{$}}
// CHECK-NEXT: {{^}}    float c2c_part_s = 0.0f;{{$}}
// CHECK-NEXT: {{^}}    float c2c_part_q = 0.0f;{{$}}
// CHECK-NEXT: {{^}}    if (c2c_t_x < c2c_trip_x) {{[{]}}{{$}}
// CHECK: {{^}}      for (long long c2c_q_j = (long long)threadIdx.y * 32LL + (long long)threadIdx.x; c2c_q_j < c2c_trip_j; c2c_q_j += 256) {{[{]}}{{$}}
// CHECK: {{^}}        c2c_part_s += a;{{$}}
// CHECK-NEXT: {{^}}        c2c_part_q += a * a;{{$}}
// CHECK: {{^}}      float c2c_lane16_s = c2c_shfl_xor(c2c_part_s, 16);{{$}}
// CHECK-NEXT: {{^}}      c2c_part_s = c2c_part_s + c2c_lane16_s;{{$}}
// CHECK: {{^}}      c2c_part_q = c2c_part_q + c2c_lane1_q;{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}    c2c_red_s[(int)threadIdx.y][(int)threadIdx.x] = c2c_part_s;{{$}}
// CHECK-NEXT: {{^}}    c2c_red_q[(int)threadIdx.y][(int)threadIdx.x] = c2c_part_q;{{$}}
// CHECK-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-NEXT: {{^}}    if (threadIdx.x == 0u && threadIdx.y == 0u && c2c_t_x < c2c_trip_x) {{[{]}}{{$}}
// CHECK-NEXT: {{^}}      for (int c2c_s = 1; c2c_s < 8; ++c2c_s) {{[{]}}{{$}}
// CHECK-NEXT: {{^}}        c2c_part_s = c2c_part_s + c2c_red_s[c2c_s][0];{{$}}
// CHECK: {{^}}      s = s + c2c_part_s;{{$}}
// CHECK-NEXT: {{^}}      q = q + c2c_part_q;{{$}}
// CHECK-NEXT: {{^}}      mean[i] = s / (float)m;{{$}}
// Partials start from the operator's identity; a subtraction's partial is
// added at the end.
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) rowmin_kernel0(
// CHECK: {{^}}    int c2c_part_mn = 2147483647;{{$}}
// CHECK: {{^}}      c2c_part_mn = c2c_lane16_mn < c2c_part_mn ? c2c_lane16_mn : c2c_part_mn;{{$}}
// CHECK: {{^}}      mn = c2c_part_mn < mn ? c2c_part_mn : mn;{{$}}
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) residual_kernel0(
// CHECK: {{^}}    double c2c_part_t = 0.0;{{$}}
// CHECK: {{^}}        c2c_part_t -= A[(long long)i * (long long)m + j] * x[j];{{$}}
// CHECK: {{^}}      t = t + c2c_part_t;{{$}}
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(32) rowsum_exact_kernel0(
// CHECK-NOT: c2c_shfl_xor
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(1024) colsum_kernel0(
// CHECK-NEXT: {{^}}  __shared__ __align__(16) float c2c_red_s[32][32];{{$}}
// CHECK: {{^}}    float c2c_part_s = 0.0f;{{$}}
// CHECK: {{^}}      for (long long c2c_q_i = (long long)threadIdx.y; c2c_q_i < c2c_trip_i; c2c_q_i += 32) {{[{]}}{{$}}
// CHECK-NEXT: {{^}}        int i = (int)((long long)0 + c2c_q_i * 1LL);{{$}}
// CHECK-NEXT: {{^}}        c2c_part_s += A[(long long)i * (long long)m + j];{{$}}
// CHECK: {{^}}    c2c_red_s[(int)threadIdx.y][(int)threadIdx.x] = c2c_part_s;{{$}}
// CHECK-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-NEXT: {{^}}    if (threadIdx.y == 0u && c2c_t_x < c2c_trip_x) {{[{]}}{{$}}
// CHECK-NEXT: {{^}}      for (int c2c_s = 1; c2c_s < 32; ++c2c_s) {{[{]}}{{$}}
// CHECK-NEXT: {{^}}        c2c_part_s = c2c_part_s + c2c_red_s[c2c_s][(int)threadIdx.x];{{$}}
// CHECK: {{^}}      y[j] = s;{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-NOT: c2c_shfl_xor
// CHECK: {{^}}extern "C" void colsum(
// ORACLE: {{^}}CHECK rowstats PASS
// ORACLE: {{^}}CHECK rowmin PASS
// ORACLE: {{^}}CHECK residual PASS
// ORACLE: {{^}}CHECK rowsum_exact PASS
// ORACLE: {{^}}CHECK colsum PASS
// Slices with a min (from its identity, INT_MAX) and a scalar before the
// loop that the loop reads: each scope declares only what it uses.
void colmin(int n, int m, const int *A, const int *off, int *y) {
#pragma c2cuda kernel reduction(min: mn)
  for (int j = 0; j < m; j++) {
    int o = off[j];
    int mn = 1000;
    for (int i = 0; i < n; i++)
      mn = A[i * m + j] + o < mn ? A[i * m + j] + o : mn;
    y[j] = mn;
  }
}
// REMARK: {{^}}{{.*}}reduce-across-lanes.c:[[@LINE-8]]:3: remark: mapped j -> x (32 per block), 'i' split over 32 slices {{.*}} into mn (allowed by 'reduction(min: mn)'){{$}}
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(1024) colmin_kernel0(
// CHECK: {{^}}    int c2c_part_mn = 2147483647;{{$}}
// CHECK-NEXT: {{^}}    if (c2c_t_x < c2c_trip_x) {{[{]}}{{$}}
// CHECK-NEXT: {{^}}      int j = (int)((long long)0 + c2c_t_x * 1LL);{{$}}
// CHECK-NEXT: {{^}}      int o = off[j];{{$}}
// CHECK-NEXT: {{^}}      long long c2c_trip_i = {{.*}}
// CHECK: {{^}}    if (threadIdx.y == 0u && c2c_t_x < c2c_trip_x) {{[{]}}{{$}}
// CHECK: {{^}}      int j = (int)((long long)0 + c2c_t_x * 1LL);{{$}}
// CHECK-NEXT: {{^}}      int mn = 1000;{{$}}
// CHECK-NEXT: {{^}}      mn = c2c_part_mn < mn ? c2c_part_mn : mn;{{$}}
// CHECK-NEXT: {{^}}      y[j] = mn;{{$}}
// ORACLE: {{^}}CHECK colmin PASS
// A loop with literal bounds is a short window: left to each thread.
void taps(int n, const float *A, float *y) {
#pragma c2cuda kernel reduction(+: s)
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int j = 0; j < 3; j++)
      s += A[i * 3 + j];
    y[i] = s;
  }
}
// REMARK: {{^}}{{.*}}reduce-across-lanes.c:[[@LINE-7]]:3: remark: j runs sequentially in each thread: reduction into s (+) across iterations of 'j'{{$}}
// ORACLE: {{^}}CHECK taps PASS
