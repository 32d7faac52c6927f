// Each schedule clause's effect on the emitted CUDA, and the schedule
// comment atop every kernel (default or given).
void matmul(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma c2cuda kernel map(i: x, j: y) block(64, 4) thread(j: 3) unroll(k: 4) maxrregcount(64)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += A[i * K + k] * B[k * N + j];
      C[i * N + j] = s;
    }
#pragma c2cuda kernel
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      C[i * N + j] += 1.0f;
}

// RUN: %c2cuda %s -q --no-default-tiling -o - | FileCheck %s
// map: i on x, j on y; maxrregcount(64) with 256 threads: 65536/(256*64) = 4.
// CHECK-LABEL: {{^}}// Schedule: map(i: x, j: y) block(64, 4) thread(j: 3) unroll(k: 4) maxrregcount(64){{$}}
// CHECK-NEXT: {{^}}__global__ void __launch_bounds__(256, 4) matmul_kernel0(
// CHECK-NEXT: {{^}}  const long long c2c_t_x = {{.*}}{{$}}
// CHECK-NEXT: {{^}}  if (c2c_t_x < c2c_trip_x) {{{$}}
// CHECK-NEXT: {{^}}    const int i = (int)(c2c_t_x);{{$}}
// CHECK-NEXT: {{^}}    for (long long c2c_t_y = {{.*}}{{$}}
// CHECK-NEXT: {{^}}      const int j = (int)(c2c_t_y);{{$}}
// CHECK-NEXT: {{^}}      float s = 0.0f;{{$}}
// CHECK-NEXT: {{^}}      #pragma unroll 4{{$}}
// CHECK-NEXT: {{^}}      for (int k = 0; k < K; ++k) {{{$}}
// The default schedule, written so that it can be pasted as clauses.
// CHECK-LABEL: {{^}}// Schedule: map(j: x, i: y) block(32, 8){{$}}
// CHECK-NEXT: {{^}}__global__ void __launch_bounds__(256) matmul_kernel1(
// thread(j: 3): the y grid is sized for 3 iterations per thread.
// CHECK: {{^}}      const dim3 c2c_grid(c2c_grid_dim(c2c_trip_x, 64, 2147483647LL), c2c_grid_dim(c2c_trip_y, 4u * 3u, 65535LL), 1u);{{$}}
// CHECK-NEXT: {{^}}      const dim3 c2c_block(64u, 4u, 1u);{{$}}
// CHECK: {{^}}      const dim3 c2c_grid(c2c_grid_dim(c2c_trip_x, 32, 2147483647LL), c2c_grid_dim(c2c_trip_y, 8, 65535LL), 1u);{{$}}
