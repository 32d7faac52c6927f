// Row sums: i is parallel; with permission the reduction over j runs over
// the lanes of a warp per row (ReduceAcrossLanes): each lane sums its
// columns, warp shuffles combine the partials and lane 0 adds them into
// r[i] once. No atomics.
void rowsum(int n, int m, const float A[n][m], float *r) {
#pragma c2cuda kernel reduction(+: r)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      r[i] += A[i][j];
}

// RUN: %c2cuda --allow-reassociation %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.cu --implicit-check-not=atomic
// REMARK: {{^}}{{.*}}row-sums.c:7:3: remark: mapped i -> warps (one warp per i, 8 per block of 32x8), 'j' over the 32 lanes of each: {{.*}} into r[i] (allowed by 'reduction(+: r)'){{$}}
// CHECK: {{^}}      int i = (int)((long long)0 + c2c_t_x * 1LL);{{$}}
// CHECK-NEXT: {{^}}      float c2c_part_r = 0.0f;{{$}}
// CHECK: {{^}}        c2c_part_r += A[(long long)i * m + j];{{$}}
// CHECK: {{^}}      if (threadIdx.x == 0u) {{[{]}}{{$}}
// CHECK-NEXT: {{^}}        r[i] = r[i] + c2c_part_r;{{$}}
// RUN: %c2cuda-check --allow-reassociation %s --size n=37,m=45 --trials 3 | FileCheck %s --check-prefix=ORACLE
// ORACLE: {{^}}CHECK rowsum PASS
