// Row sums: i is parallel; with permission the reduction over j runs over
// a block of 8 warps per row (ReduceAcrossLanes): each thread sums its
// columns, warp shuffles and then shared memory combine the partials, and
// the block's first thread adds them into r[i] once. No atomics.
void rowsum(int n, int m, const float A[n][m], float *r) {
#pragma c2cuda kernel reduction(+: r)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      r[i] += A[i][j];
}

// RUN: %c2cuda --allow-reassociation %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.cu --implicit-check-not='atomic{{[A-Z_]}}'
// REMARK: {{^}}{{.*}}row-sums.c:7:3: remark: mapped i -> blocks (one block of 32x8 threads per i), 'j' over its threads: consecutive threads read consecutive elements; the partial results combined with warp shuffles, then across the 8 warps in shared memory, into r (allowed by 'reduction(+: r)'){{$}}
// CHECK: {{^}}    float c2c_part_c2c_acc_r = 0.0f;{{$}}
// CHECK: {{^}}      for (long long c2c_q_j = (long long)threadIdx.y * 32LL + (long long)threadIdx.x; c2c_q_j < c2c_trip_j; c2c_q_j += 256) {{[{]}}{{$}}
// CHECK: {{^}}        c2c_part_c2c_acc_r += A[(long long)i * m + j];{{$}}
// CHECK: {{^}}    if (threadIdx.x == 0u && threadIdx.y == 0u && c2c_t_x < c2c_trip_x) {{[{]}}{{$}}
// CHECK-NEXT: {{^}}      for (int c2c_s = 1; c2c_s < 8; ++c2c_s) {{[{]}}{{$}}
// CHECK-NEXT: {{^}}        c2c_part_c2c_acc_r = c2c_part_c2c_acc_r + c2c_red_c2c_acc_r[c2c_s][0];{{$}}
// The C touches r[i] only inside the j loop: with no columns it touches
// none (the caller's r may be empty), so neither does the block (r[i] is
// kept in a register loaded and stored only where j runs).
// CHECK: {{^}}      float c2c_acc_r = 0 < m ? r[i] : 0.0f;{{$}}
// CHECK-NEXT: {{^}}      c2c_acc_r = c2c_acc_r + c2c_part_c2c_acc_r;{{$}}
// CHECK-NEXT: {{^}}      if (0 < m) {{{$}}
// CHECK-NEXT: {{^}}        r[i] = c2c_acc_r;{{$}}
// RUN: %c2cuda-check --allow-reassociation %s --size n=37,m=45 --trials 3 | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check --allow-reassociation %s --size n=37,m=0 --trials 3 | FileCheck %s --check-prefix=ORACLE
// ORACLE: {{^}}CHECK rowsum PASS
