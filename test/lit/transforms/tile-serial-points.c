// Default tiling gives one point per thread, not several, where a thread's
// points would run one after another: the nest writes an array it also
// accesses at a subscript whose distance to the written one is not a
// literal, so nvcc keeps each point's loads behind the previous point's
// stores. Literal distances keep several points per thread. The CPU oracle
// checks each kernel.
void mirror(int n, int m, float *a, float *b, float img[n][m],
            float out[n][m]) {
#pragma c2cuda kernel
  for (int i = 0; i < n / 2; i++) {
    float t = a[i];
    a[i] = a[n - 1 - i];
    a[n - 1 - i] = t;
  }
#pragma c2cuda kernel
  for (int i = 0; i < n - 1; i++)
    b[i] = b[i] + 2.0f * a[i + 1];
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m / 2; j++) {
      float t = img[i][j];
      img[i][j] = img[i][m - 1 - j];
      img[i][m - 1 - j] = t;
    }
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      out[i][j] = 0.5f * out[i][j] + img[i][j];
}
// RUN: %c2cuda -q %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %c2cuda-check %s --size n=3001,m=67 --trials 1 | FileCheck %s --check-prefix=ORACLE
// CHECK-LABEL: {{^}}// mirror_kernel0 (mirror, nest at tile-serial-points.c:10):
// CHECK: {{^}}// Schedule: map(i: x) block(256) tile(i: 256){{$}}
// CHECK-NEXT: {{^}}__global__ void __launch_bounds__(256) mirror_kernel0(
// CHECK: {{^}}// Schedule: map(i: x) block(256) thread(i: 8) tile(i: 2048){{$}}
// CHECK-NEXT: {{^}}__global__ void __launch_bounds__(256) mirror_kernel1(
// CHECK: {{^}}// Schedule: map(j: x, i: y) block(32, 8) tile(i: 8, j: 32){{$}}
// CHECK-NEXT: {{^}}__global__ void __launch_bounds__(256) mirror_kernel2(
// CHECK: {{^}}// Schedule: map(j: x, i: y) block(32, 8) thread(i: 4, j: 2) tile(i: 32, j: 64) vector(j: 2){{$}}
// CHECK-NEXT: {{^}}__global__ void __launch_bounds__(256) mirror_kernel3(
// ORACLE: {{^}}CHECK mirror PASS
