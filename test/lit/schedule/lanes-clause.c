// lanes(L: N): each point's reduction loop L split over N threads, their
// partial results combined (ReduceAcrossLanes). Along rows N is a number
// of whole warps; across rows (a column sum) N slices of 32 points. The
// kernel's schedule comment says what was used; the CPU oracle checks the
// clause as written and in random schedules, which draw it.
#if !defined(VALUES) && !defined(LOWERING)
void matvec(int n, int m, const float *A, const float *x, float *y) {
#pragma c2cuda kernel lanes(j: 64) reduction(+: acc)
  for (int i = 0; i < n; i++) {
    float acc = 0.0f;
    for (int j = 0; j < m; j++)
      acc += A[i * m + j] * x[j];
    y[i] = acc;
  }
}

void colsum(int n, int m, const float *A, float *s) {
#pragma c2cuda kernel lanes(i: 8) reduction(+: s)
  for (int j = 0; j < m; j++) {
    s[j] = 0.0f;
    for (int i = 0; i < n; i++)
      s[j] += A[i * m + j];
  }
}

// One warp per row, unrolled twice; a max starting from the row's first
// element.
void rowmax(int n, int m, const double *A, double *r) {
#pragma c2cuda kernel lanes(j: 32) unroll(j: 2) reduction(max: best)
  for (int i = 0; i < n; i++) {
    double best = A[i * m];
    for (int j = 1; j < m; j++)
      best = best > A[i * m + j] ? best : A[i * m + j];
    r[i] = best;
  }
}

// A short window and a loop after it: the default leaves both to one
// thread per point; the clause splits the window anyway.
void window(int n, const float *x, float *y) {
#pragma c2cuda kernel lanes(t: 4) reduction(+: s)
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int t = 0; t < 5; t++)
      s += x[i + t];
    y[i] = s * 0.2f;
    for (int u = 0; u < 2; u++)
      y[i] += 1.0f;
  }
}
#endif

// RUN: %c2cuda %s -o %t.cu 2>%t.err
// RUN: FileCheck %s < %t.cu
// CHECK-LABEL: {{^}}// Schedule: map(i: x) lanes(j: 64){{$}}
// CHECK-NEXT: {{^}}__global__ void __launch_bounds__(64) matvec_kernel0(
// CHECK: {{^ *}}#pragma unroll 4{{$}}
// CHECK-NEXT: {{^ *}}for (long long c2c_q_j = (long long)threadIdx.y * 32LL + (long long)threadIdx.x; c2c_q_j < c2c_trip_j; c2c_q_j += 64) {{{$}}
// CHECK: {{^ *}}const dim3 c2c_block(32u, 2u, 1u);{{$}}
// CHECK-LABEL: {{^}}// Schedule: map(j: x) lanes(i: 8){{$}}
// CHECK-NEXT: {{^}}__global__ void __launch_bounds__(256) colsum_kernel0(
// CHECK: {{^ *}}for (long long c2c_q_i = (long long)threadIdx.y; c2c_q_i < c2c_trip_i; c2c_q_i += 8) {{{$}}
// CHECK: {{^ *}}const dim3 c2c_block(32u, 8u, 1u);{{$}}
// CHECK-LABEL: {{^}}// Schedule: map(i: x) unroll(j: 2) lanes(j: 32){{$}}
// CHECK-NEXT: {{^}}__global__ void __launch_bounds__(32) rowmax_kernel0(
// CHECK: {{^ *}}#pragma unroll 2{{$}}
// CHECK-NEXT: {{^ *}}for (long long c2c_q_j = (long long)threadIdx.y * 32LL + (long long)threadIdx.x; c2c_q_j < c2c_trip_j; c2c_q_j += 32) {{{$}}
// CHECK: {{^ *}}const dim3 c2c_block(32u, 1u, 1u);{{$}}
// CHECK-LABEL: {{^}}// Schedule: map(i: x) lanes(t: 4){{$}}
// CHECK: {{^ *}}for (long long c2c_q_t = (long long)threadIdx.y; c2c_q_t < c2c_trip_t; c2c_q_t += 4) {{{$}}
// CHECK: {{^ *}}const dim3 c2c_block(32u, 4u, 1u);{{$}}
//
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// REMARK: {{^}}{{.*}}lanes-clause.c:9:3: remark: mapped i -> blocks (one block of 32x2 threads per i), 'j' over its threads: consecutive threads read consecutive elements; the partial results combined with warp shuffles, then across the 2 warps in shared memory, into acc (allowed by 'reduction(+: acc)'){{$}}
// REMARK: {{^}}{{.*}}lanes-clause.c:19:3: remark: mapped j -> x (32 per block), 'i' split over 8 slices of threads (threadIdx.y; slice s runs iterations s, s + 8, ...): the slices' partial results combined through shared memory into s (allowed by 'reduction(+: s)'){{$}}
// REMARK: {{^}}{{.*}}lanes-clause.c:30:3: remark: mapped i -> blocks (one block of 32x1 threads per i), 'j' over its threads: consecutive threads read consecutive elements; the partial results combined with warp shuffles into best (allowed by 'reduction(max: best)'){{$}}
//
// Without default tiling the clause still applies (only the default's own
// choice of lanes is off).
// RUN: %c2cuda %s --no-default-tiling -o %t.nd.cu 2>/dev/null
// RUN: FileCheck %s --check-prefix=NODEF < %t.nd.cu
// NODEF: {{^}}// Schedule: map(i: x) lanes(j: 64){{$}}
// NODEF: {{^}}// Schedule: map(j: x) lanes(i: 8){{$}}
//
// The same key in a schedule file.
// RUN: %c2cuda %s -q --schedule %S/Inputs/lanes.json -o %t.file.cu
// RUN: FileCheck %s --check-prefix=FILE < %t.file.cu
// FILE: {{^}}// Schedule: map(i: x) lanes(j: 256){{$}}
//
// The CPU oracle: each function as written, and random schedules that draw
// lanes (the draw is seeded by the function's name and the schedule's
// number, so it is the same on every run).
// RUN: %c2cuda-check %s --size n=37,m=300 --trials 2 --random-schedules 12 > %t.check 2>&1
// RUN: FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL --implicit-check-not=REFUSED < %t.check
// ORACLE-DAG: {{^}}CHECK matvec PASS sched=default maxRelL2={{.*}}{{$}}
// ORACLE-DAG: {{^}}CHECK colsum PASS sched=default maxRelL2={{.*}}{{$}}
// ORACLE-DAG: {{^}}CHECK rowmax PASS sched=default maxRelL2={{.*}}{{$}}
// ORACLE-DAG: {{^}}CHECK window PASS sched=default maxRelL2={{.*}}{{$}}
// ORACLE-DAG: {{^}}SCHEDULE matvec sched={{[0-9]+}} nest 0:{{.*}} lanes(j: {{[0-9]+}}){{.*$}}
// ORACLE-DAG: {{^}}SCHEDULE colsum sched={{[0-9]+}} nest 0:{{.*}} lanes(i: {{[0-9]+}}){{.*$}}
// ORACLE-DAG: {{^}}SCHEDULE window sched={{[0-9]+}} nest 0:{{.*}} lanes(t: {{[0-9]+}}){{.*$}}
// ORACLE-DAG: {{^}}CHECK matvec PASS sched=12 maxRelL2={{.*}}{{$}}
// ORACLE-DAG: {{^}}CHECK window PASS sched=12 maxRelL2={{.*}}{{$}}

#ifdef VALUES
void values(int n, int m, const float *A, float *y) {
#pragma c2cuda kernel lanes(j: 1) reduction(+: acc)
  for (int i = 0; i < n; i++) {
    float acc = 0.0f;
    for (int j = 0; j < m; j++)
      acc += A[i * m + j];
    y[i] = acc;
  }
#pragma c2cuda kernel lanes(j: 64) block(64) reduction(+: acc)
  for (int i = 0; i < n; i++) {
    float acc = 0.0f;
    for (int j = 0; j < m; j++)
      acc += A[i * m + j];
    y[i] = acc;
  }
#pragma c2cuda kernel lanes(j: 64, i: 32) reduction(+: acc)
  for (int i = 0; i < n; i++) {
    float acc = 0.0f;
    for (int j = 0; j < m; j++)
      acc += A[i * m + j];
    y[i] = acc;
  }
#pragma c2cuda kernel lanes(j: 64) lanes(j: 32) reduction(+: acc)
  for (int i = 0; i < n; i++) {
    float acc = 0.0f;
    for (int j = 0; j < m; j++)
      acc += A[i * m + j];
    y[i] = acc;
  }
}
#endif
// RUN: rm -f %t.bad.cu
// RUN: not %c2cuda %s -D VALUES -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=VALUES --implicit-check-not=error:
// RUN: test ! -e %t.bad.cu
// VALUES: {{^}}{{.*}}lanes-clause.c:107:32: error: lanes(j: 1) is outside the 2..1024 threads that may share a point's loop{{$}}
// VALUES: {{^}}{{.*}}lanes-clause.c:107:32: note: give a multiple of 32 for a loop reading along rows (e.g. 'lanes(j: 256)'), at most 32 for one reading across them{{$}}
// VALUES: {{^}}{{.*}}lanes-clause.c:114:32: error: lanes(j: 64) chooses the threads of each point itself; it cannot be combined with 'block(64)'{{$}}
// VALUES: {{^}}{{.*}}lanes-clause.c:114:32: note: keep map, unroll and maxrregcount beside it, leave out the others{{$}}
// VALUES: {{^}}{{.*}}lanes-clause.c:121:{{[0-9]+}}: error: clause 'lanes' names more than one loop{{$}}
// VALUES: {{^}}{{.*}}lanes-clause.c:128:36: error: clause 'lanes' appears more than once{{$}}

#ifdef LOWERING
void lowering(int n, int m, const float *A, const float *x, float *y,
              float *s, const float *B, float *C, float *D) {
// Along rows: whole warps only.
#pragma c2cuda kernel lanes(j: 48) reduction(+: acc)
  for (int i = 0; i < n; i++) {
    float acc = 0.0f;
    for (int j = 0; j < m; j++)
      acc += A[i * m + j] * x[j];
    y[i] = acc;
  }
// Across rows: at most 32 slices.
#pragma c2cuda kernel lanes(i: 64) reduction(+: s)
  for (int j = 0; j < m; j++) {
    s[j] = 0.0f;
    for (int i = 0; i < n; i++)
      s[j] += A[i * m + j];
  }
// The sum would be formed in another order: not allowed here.
#pragma c2cuda kernel lanes(j: 64)
  for (int i = 0; i < n; i++) {
    float acc = 0.0f;
    for (int j = 0; j < m; j++)
      acc += A[i * m + j] * x[j];
    y[i] = acc;
  }
// Two mapped loops.
#pragma c2cuda kernel lanes(k: 64) reduction(+: acc)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float acc = 0.0f;
      for (int k = 0; k < n; k++)
        acc += B[i * n + k] * B[k * n + j];
      C[i * n + j] = acc;
    }
// A loop the points do not run.
#pragma c2cuda kernel lanes(q: 64) reduction(+: acc)
  for (int i = 0; i < n; i++) {
    float acc = 0.0f;
    for (int j = 0; j < m; j++)
      acc += A[i * m + j] * x[j];
    y[i] = acc;
  }
// More registers than an SM has for blocks of 1024 threads.
#pragma c2cuda kernel lanes(j: 1024) maxrregcount(128) reduction(+: acc)
  for (int i = 0; i < n; i++) {
    float acc = 0.0f;
    for (int j = 0; j < m; j++)
      acc += A[i * m + j] * x[j];
    y[i] = acc;
  }
// Not the point's first loop; then a loop that is no reduction.
#pragma c2cuda kernel lanes(k: 64) reduction(+: acc)
  for (int i = 0; i < n; i++) {
    float acc = 0.0f;
    for (int j = 0; j < m; j++)
      acc += A[i * m + j];
    for (int k = 0; k < m; k++)
      acc += x[k];
    y[i] = acc;
  }
#pragma c2cuda kernel lanes(j: 64)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      D[i * m + j] = A[i * m + j];
}
#endif
// RUN: not %c2cuda %s -D LOWERING -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=LOWERING --implicit-check-not=error:
// RUN: test ! -e %t.bad.cu
// LOWERING: {{^}}{{.*}}lanes-clause.c:151:23: error: clause 'lanes(j: 48)' cannot split loop 'j' over threads: 'j' reads along rows of its arrays, so its threads are whole warps of consecutive iterations; 48 is not a multiple of 32{{$}}
// LOWERING: {{^}}{{.*}}lanes-clause.c:151:23: note: e.g. 'lanes(j: 256)'{{$}}
// LOWERING: {{^}}{{.*}}lanes-clause.c:159:23: error: clause 'lanes(i: 64)' cannot split loop 'i' over threads: consecutive points read consecutive elements, so 32 points share a block and each gets at most 32 slices of threads, not 64{{$}}
// LOWERING: {{^}}{{.*}}lanes-clause.c:159:23: note: e.g. 'lanes(i: 16)'{{$}}
// LOWERING: {{^}}{{.*}}lanes-clause.c:166:23: error: clause 'lanes(j: 64)' cannot split loop 'j' over threads: j is a reduction into acc (+); allow reassociation with 'reduction(+: acc)' or --allow-reassociation to run it in parallel{{$}}
// LOWERING: {{^}}{{.*}}lanes-clause.c:166:23: note: leave the clause out to run 'j' in one thread per point{{$}}
// LOWERING: {{^}}{{.*}}lanes-clause.c:174:23: error: clause 'lanes(k: 64)' cannot split loop 'k' over threads: the kernel maps 2 loops ('j', 'i') and the points of one loop get the threads{{$}}
// LOWERING: {{^}}{{.*}}lanes-clause.c:174:23: note: map one parallel loop, e.g. 'map(j: x)'{{$}}
// LOWERING: {{^}}{{.*}}lanes-clause.c:191:23: error: clause 'lanes(j: 1024)' cannot split loop 'j' over threads: with maxrregcount(128) its blocks of 1024 threads need 131072 registers, more than the 65536 an SM has{{$}}
// LOWERING: {{^}}{{.*}}lanes-clause.c:191:23: note: lower the limit or the threads{{$}}
// LOWERING: {{^}}{{.*}}lanes-clause.c:199:23: error: clause 'lanes(k: 64)' cannot split loop 'k' over threads: the first loop of each point is 'j'{{$}}
// LOWERING: {{^}}{{.*}}lanes-clause.c:199:23: note: name the loop that comes first in the point, after its declarations and assignments{{$}}
// LOWERING: {{^}}{{.*}}lanes-clause.c:183:23: error: loop 'q' in clause 'lanes' is not a loop run inside each thread{{$}}
// LOWERING: {{^}}{{.*}}lanes-clause.c:183:23: note: lanes splits a reduction loop inside each point; here: j{{$}}
// LOWERING: {{^}}{{.*}}lanes-clause.c:208:23: error: loop 'j' in clause 'lanes' is mapped to the grid{{$}}
// LOWERING: {{^}}{{.*}}lanes-clause.c:208:23: note: lanes splits a loop inside each point; map another loop alone, e.g. 'map(i: x)'{{$}}
