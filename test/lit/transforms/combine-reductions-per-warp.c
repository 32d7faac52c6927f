// Reductions of a mapped loop into one address (CombineReductionsPerWarp):
// each thread combines its iterations in a register, the warp combines the
// threads' partials with shuffles, and lane 0 makes one atomic update; the
// grid holds at most 8 blocks of 256 per SM. A target that moves with the
// loop (a histogram's bin) keeps one atomic per iteration.
#include <math.h>
void dot(int n, const float *x, const float *y, float *out) {
  float s;
#pragma scop
  s = 0.0f;
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  out[0] = s;
#pragma endscop
}
void asum(int n, const double *x, double *s) {
#pragma c2cuda kernel reduction(+: s)
  for (int i = 0; i < n; i++)
    s[0] += x[i] > 0 ? x[i] : -x[i];
}
void vmax(int n, const float *x, float *m) {
#pragma c2cuda kernel reduction(max: m)
  for (int i = 0; i < n; i++)
    m[0] = fmaxf(m[0], x[i]);
}
void imin_count(int n, const int *v, int *lo, int *count) {
#pragma c2cuda kernel reduction(min: lo) reduction(+: count)
  for (int i = 0; i < n; i++) {
    if (v[i] < lo[0])
      lo[0] = v[i];
    count[0] -= v[i] & 1;
  }
}
void hist(int n, const int *v, int *bins) {
#pragma c2cuda kernel reduction(+: bins) extent(bins: 4)
  for (int i = 0; i < n; i++)
    bins[v[i] & 3] += 1;
}
// RUN: %c2cuda --allow-reassociation %s -o %t.cu 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck %s < %t.cu
// RUN: FileCheck --check-prefix=HOST %s < %t.cu
// RUN: %c2cuda-check --allow-reassociation %s --size n=5000 --trials 3 | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check --allow-reassociation %s --size n=1 --trials 2 | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check --allow-reassociation %s --size n=20000 --trials 1 | FileCheck --check-prefix=ORACLE %s
// REMARK: {{^}}{{.*}}combine-reductions-per-warp.c:11:3: remark: reduction into s combined in each thread, then across each warp with shuffles: one atomic update per warp instead of one per iteration; at most 8 blocks per SM, each thread running iterations a grid apart{{$}}
// REMARK: {{^}}{{.*}}combine-reductions-per-warp.c:18:3: remark: reduction into s[0] combined in each thread{{.*}}
// REMARK: {{^}}{{.*}}combine-reductions-per-warp.c:23:3: remark: reduction into m[0] combined in each thread{{.*}}
// REMARK: {{^}}{{.*}}combine-reductions-per-warp.c:28:3: remark: reduction into lo[0], count[0] combined in each thread{{.*}}
// REMARK-NOT: {{^}}{{.*}}combine-reductions-per-warp.c:36:3: remark: reduction into
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) dot_kernel0(
// CHECK-NEXT: {{^}}  float c2c_wpart0 = 0.0f;{{$}}
// CHECK: {{^}}  long long c2c_rounds = ((c2c_trip_x + 255LL) / 256LL + ((long long)gridDim.x + -1LL)) / (long long)gridDim.x;{{$}}
// CHECK: {{^}}      c2c_wpart0 = c2c_wpart0 + x[i] * y[i];{{$}}
// CHECK: {{^}}  float c2c_lane16_c2c_wpart0 = c2c_shfl_xor(c2c_wpart0, 16);{{$}}
// CHECK: {{^}}  if ((threadIdx.x & 31u) == 0u) {{[{]}}{{$}}
// CHECK-NEXT: {{^}}    atomicAdd(c2c_ps_s, c2c_wpart0);{{$}}
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) vmax_kernel0(
// CHECK-NEXT: {{^}}  float c2c_wpart0 = -HUGE_VALF;{{$}}
// CHECK: {{^}}  c2c_wpart0 = fmaxf(c2c_wpart0, c2c_lane1_c2c_wpart0);{{$}}
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) imin_count_kernel0(
// CHECK-NEXT: {{^}}  int c2c_wpart0 = 2147483647;{{$}}
// CHECK-NEXT: {{^}}  int c2c_wpart1 = 0;{{$}}
// CHECK: {{^}}      c2c_wpart1 = c2c_wpart1 - (v[i] & 1);{{$}}
// CHECK: {{^}}    atomicMin(&lo[0], c2c_wpart0);{{$}}
// CHECK-NEXT: {{^}}    atomicAdd(&count[0], c2c_wpart1);{{$}}
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) hist_kernel0(
// CHECK-NOT: c2c_wpart
// CHECK: atomicAdd(&bins[
// HOST-LABEL: {{^}}static void c2c_dot_body(
// HOST: {{^}}    const long long c2c_blocks_x = {{.*}} < c2c_sm_count() * 8LL ? {{.*}} : c2c_sm_count() * 8LL;{{$}}
// ORACLE: {{^}}CHECK dot PASS
// ORACLE: {{^}}CHECK asum PASS
// ORACLE: {{^}}CHECK vmax PASS
// ORACLE: {{^}}CHECK imin_count PASS
// ORACLE: {{^}}CHECK hist PASS
