// A 1-D grid-stride kernel's block is the largest the host launches: with
// fewer iterations than blocks of that size can spread over every SM, the
// host shrinks it (c2c_fit_block: a multiple of 32, at least 64) so that a
// short trip still reaches the whole GPU. 2-D and tiled kernels keep their
// block. (By default an element-wise 1-D loop is tiled, its smaller tiles
// serving short trips: codegen/few-blocks.c; here the untiled mapping.)
void scale(int n, float *x, float *y) {
#pragma scop
  for (int i = 0; i < n; i++)
    y[i] = 2.0f * x[i];
#pragma endscop
}
void add1(int n, int m, float A[n][m], float B[n][m]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      B[i][j] = A[i][j] + 1.0f;
#pragma endscop
}
// RUN: %c2cuda --no-default-tiling %s -o %t.cu 2>/dev/null
// RUN: FileCheck %s < %t.cu
// CHECK-LABEL: {{^}}{{\[\[maybe_unused\]\]}} static inline unsigned c2c_fit_block(long long trip,
// CHECK-LABEL: {{^}}static void c2c_scale_body(
// CHECK: {{^}}      const unsigned c2c_bx = c2c_fit_block(c2c_trip_x, 256u);{{$}}
// CHECK-NEXT: {{^}}      const dim3 c2c_grid(c2c_grid_dim(c2c_trip_x, c2c_bx, 2147483647LL), 1u, 1u);{{$}}
// CHECK-NEXT: {{^}}      const dim3 c2c_block(c2c_bx, 1u, 1u);{{$}}
// CHECK-LABEL: {{^}}static void c2c_add1_body(
// CHECK-NOT: c2c_fit_block
// CHECK: {{^}}      const dim3 c2c_block(32u, 8u, 1u);{{$}}
