// Row sums: i is parallel and takes the grid; the reduction over j stays a
// loop in each thread, so no atomics are needed, even with permission.
void rowsum(int n, int m, const float A[n][m], float *r) {
#pragma c2cuda kernel reduction(+: r)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      r[i] += A[i][j];
}

// RUN: %c2cuda --allow-reassociation %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.cu --implicit-check-not=atomic
// REMARK: {{^}}{{.*}}row-sums.c:5:3: remark: mapped i -> x (1-D grid, block 256){{$}}
// REMARK: {{^}}{{.*}}row-sums.c:5:3: remark: j runs sequentially in each thread: {{.*}}
// CHECK: {{^}}    const int i = (int)(c2c_t_x);{{$}}
// CHECK-NEXT: {{^}}    for (int j = 0; j < m; ++j) {{[{]}}{{$}}
// CHECK-NEXT: {{^}}      r[i] += A[(long long)i * m + j];{{$}}
