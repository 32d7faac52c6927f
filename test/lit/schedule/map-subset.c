// map(...) naming part of the band: the other band loop runs in each thread.
void add(int n, int m, float *A) {
#pragma c2cuda kernel map(i: x) block(128)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i * m + j] += 1.0f;
}

// RUN: %c2cuda %s -o - 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// CHECK-LABEL: {{^}}// Schedule: map(i: x) block(128){{$}}
// CHECK-NEXT: {{^}}__global__ void __launch_bounds__(128) add_kernel0(
// CHECK-NEXT: {{^}}  const long long c2c_t_x = {{.*}}{{$}}
// CHECK-NEXT: {{^}}  if (c2c_t_x < c2c_trip_x) {{{$}}
// CHECK-NEXT: {{^}}    const int i = (int)(c2c_t_x);{{$}}
// CHECK-NEXT: {{^}}    for (int j = 0; j < m; ++j) {{{$}}
// REMARK: remark: map clause: i -> x
// REMARK: remark: j runs sequentially in each thread: the map clause leaves it out
