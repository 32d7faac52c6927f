// Bodies of several loops along a row (RowsPerWarp): a warp per row, each
// loop split over its lanes, reductions combined with warp shuffles into
// every lane. A barrier separates two parts only where different lanes may
// touch the same element: none in the softmax (its loops touch y[i][j] at
// the same j), one after lane 0 writes nrm[i], one before a loop reading
// y[i][j - 1].
#include <math.h>

void softmax(int m, int n, const float x[m][n], float y[m][n]) {
#pragma c2cuda kernel reduction(max: mx) reduction(+: s)
  for (int i = 0; i < m; i++) {
    float mx = x[i][0];
    for (int j = 1; j < n; j++)
      if (x[i][j] > mx)
        mx = x[i][j];
    float s = 0.0f;
    for (int j = 0; j < n; j++) {
      y[i][j] = expf(x[i][j] - mx);
      s += y[i][j];
    }
    float inv = 1.0f / s;
    for (int j = 0; j < n; j++)
      y[i][j] *= inv;
  }
}
void rownorm(int m, int n, double A[m][n], double nrm[m]) {
#pragma c2cuda kernel reduction(+: q)
  for (int i = 0; i < m; i++) {
    double q = 0;
    for (int j = 0; j < n; j++)
      q += A[i][j] * A[i][j];
    nrm[i] = sqrt(q);
    for (int j = 0; j < n; j++)
      A[i][j] = A[i][j] / nrm[i];
  }
}
// Integer minimum and maximum: exact in any order, no clause needed; the
// two loops touch nothing in common and run as one pass over the row.
void rowrange(int m, int n, const int A[m][n], int lo[m], int hi[m]) {
#pragma c2cuda kernel
  for (int i = 0; i < m; i++) {
    int a = A[i][0], b = A[i][0];
    for (int j = 1; j < n; j++)
      a = A[i][j] < a ? A[i][j] : a;
    for (int j = 1; j < n; j++)
      b = A[i][j] > b ? A[i][j] : b;
    lo[i] = a;
    hi[i] = b;
  }
}
void shifted(int m, int n, const float x[m][n], float y[m][n], float z[m][n]) {
#pragma c2cuda kernel reduction(+: s)
  for (int i = 0; i < m; i++) {
    float s = 0.0f;
    for (int j = 0; j < n; j++)
      s += x[i][j];
    for (int j = 0; j < n; j++)
      y[i][j] = x[i][j] - s / n;
    for (int j = 1; j < n; j++)
      z[i][j] = y[i][j - 1] + y[i][j];
  }
}
// The position of each row's maximum: two reductions (the maximum, in any
// order; the first column holding it, an integer minimum), each over the
// lanes. Down the columns (j mapped, i inside) the reads are coalesced
// already, and the search stays one loop per thread.
void argmax_rows(int m, int n, const float A[m][n], int idx[m]) {
#pragma c2cuda kernel
  for (int i = 0; i < m; i++) {
    int best = 0;
    float bv = A[i][0];
    for (int j = 1; j < n; j++)
      if (A[i][j] > bv) {
        bv = A[i][j];
        best = j;
      }
    idx[i] = best;
  }
}
void argmax_cols(int m, int n, const float A[m][n], int idx[n]) {
#pragma c2cuda kernel
  for (int j = 0; j < n; j++) {
    int best = 0;
    float bv = A[0][j];
    for (int i = 1; i < m; i++)
      if (A[i][j] > bv) {
        bv = A[i][j];
        best = i;
      }
    idx[j] = best;
  }
}
// Without permission the sum keeps its order: a thread per row.
void rowsoftsum(int m, int n, const float x[m][n], float y[m][n]) {
#pragma c2cuda kernel
  for (int i = 0; i < m; i++) {
    float s = 0.0f;
    for (int j = 0; j < n; j++)
      s += x[i][j];
    for (int j = 0; j < n; j++)
      y[i][j] = x[i][j] / s;
  }
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck %s < %t.cu
// RUN: %c2cuda-check %s --size m=37,n=45 --trials 3 | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size m=1,n=1 --trials 2 | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size m=19,n=130 --trials 2 | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size m=9,n=2 --trials 2 | FileCheck --check-prefix=ORACLE %s

// REMARK: {{^}}{{.*}}rows-per-warp.c:72:5: remark: the search for the maximum of 'bv' and where it is ('best') runs as two reductions: the maximum, then the first iteration holding it; both run in parallel{{$}}
// REMARK: {{^}}{{.*}}rows-per-warp.c:11:3: remark: mapped i -> warps (blocks of 32x8 threads, a warp per i); the loops over 'j' split over its lanes: consecutive lanes read consecutive elements; mx (allowed by 'reduction(max: mx)'), s (allowed by 'reduction(+: s)') combined with warp shuffles{{$}}
// REMARK: {{^}}{{.*}}rows-per-warp.c:28:3: remark: mapped i -> warps {{.*}}; q (allowed by 'reduction(+: q)') combined with warp shuffles{{$}}
// REMARK: {{^}}{{.*}}rows-per-warp.c:41:3: remark: mapped i -> warps {{.*}}; a (allowed by exact integer arithmetic), b (allowed by exact integer arithmetic) combined with warp shuffles; consecutive loops with the same bounds run as one pass{{$}}
// REMARK: {{^}}{{.*}}rows-per-warp.c:53:3: remark: mapped i -> warps {{.*}}; s (allowed by 'reduction(+: s)') combined with warp shuffles{{$}}
// REMARK: {{^}}{{.*}}rows-per-warp.c:69:3: remark: mapped i -> warps {{.*}}; c2c_best0 (allowed by its use: only the extremum's value is kept, which no order changes), c2c_at0 (allowed by exact integer arithmetic) combined with warp shuffles{{$}}
// REMARK-NOT: rows-per-warp.c:85:5: remark: the search
// REMARK: {{^}}{{.*}}rows-per-warp.c:96:3: remark: j runs sequentially in each thread: reduction into s (+) across iterations of 'j'{{$}}

// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) softmax_kernel0(
// CHECK:      {{^}}    long long c2c_t_x = ((long long)blockIdx.x + c2c_round * (long long)gridDim.x) * 8LL + (long long)threadIdx.y;{{$}}
// CHECK-NEXT: {{^}}    int i = (int)((long long)0 + c2c_t_x * 1LL);{{$}}
// CHECK-NEXT: {{^}}    float mx;{{$}}
// CHECK-NEXT: {{^}}    float s;{{$}}
// CHECK-NEXT: {{^}}    float inv;{{$}}
// CHECK-NEXT: {{^}}    if (c2c_t_x < c2c_trip_x) {{[{]}}{{$}}
// CHECK-NEXT: {{^}}      mx = x[(long long)i * n + 0];{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}    float c2c_part1_mx = -HUGE_VALF;{{$}}
// CHECK:      {{^}}      for (long long c2c_q_j = (long long)threadIdx.x; c2c_q_j < c2c_trip_j; c2c_q_j += 32) {{[{]}}{{$}}
// CHECK:      {{^}}    c2c_part1_mx = fmaxf(c2c_part1_mx, c2c_lane1_c2c_part1_mx);{{$}}
// CHECK-NEXT: {{^}}    if (c2c_t_x < c2c_trip_x) {{[{]}}{{$}}
// CHECK-NEXT: {{^}}      mx = fmaxf(mx, c2c_part1_mx);{{$}}
// CHECK-NOT:  __syncthreads
// CHECK:      {{^}}        c2c_part3_s += y[(long long)i * n + j];{{$}}
// CHECK:      {{^}}      s = s + c2c_part3_s;{{$}}
// CHECK-NOT:  __syncthreads
// CHECK:      {{^}}        y[(long long)i * n + j] *= inv;{{$}}
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) rownorm_kernel0(
// CHECK:      {{^}}    if (c2c_t_x < c2c_trip_x && threadIdx.x == 0u) {{[{]}}{{$}}
// CHECK-NEXT: {{^}}      nrm[i] = sqrt(q);{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}    __syncthreads();{{$}}
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) rowrange_kernel0(
// CHECK:      {{^}}        c2c_part2_a = A[(long long)i * n + j] < c2c_part2_a ? A[(long long)i * n + j] : c2c_part2_a;{{$}}
// CHECK-NEXT: {{^}}        c2c_part3_b = A[(long long)i * n + j] > c2c_part3_b ? A[(long long)i * n + j] : c2c_part3_b;{{$}}
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) shifted_kernel0(
// CHECK:      {{^}}        y[(long long)i * n + j] = x[(long long)i * n + j] - s / (float)n;{{$}}
// CHECK:      {{^}}    __syncthreads();{{$}}
// CHECK:      {{^}}        z[(long long)i * n + j] = y[(long long)i * n + (j - 1)] + y[(long long)i * n + j];{{$}}
// CHECK-LABEL: {{^}}__global__ void {{.*}}rowsoftsum_kernel0(
// CHECK-NOT:  c2c_shfl_xor
// CHECK:      {{^}}}{{$}}

// ORACLE: CHECK softmax PASS
// ORACLE: CHECK rownorm PASS
// ORACLE: CHECK rowrange PASS
// ORACLE: CHECK shifted PASS
// ORACLE: CHECK argmax_rows PASS
// ORACLE: CHECK argmax_cols PASS
// ORACLE: CHECK rowsoftsum PASS
