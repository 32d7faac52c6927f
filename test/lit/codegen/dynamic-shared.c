// Shared tiles past the 48 KB a kernel may declare statically live in one
// dynamic shared buffer (codegen/SharedLayout.h): the kernel takes a
// reference to each tile at a 16-byte-aligned offset, and the host raises
// the kernel's limit, after checking the device allows that much per block
// (227 KB on sm_90), then launches with the byte count. Tiles of up to 48 KB
// stay static; above 227 KB the schedule is an error.
// RUN: %c2cuda -q %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %c2cuda-check %s --size M=37,N=45,K=150 --trials 2 2>/dev/null | FileCheck %s --check-prefix=ORACLE
// RUN: rm -f %t.huge.cu
// RUN: not %c2cuda -q -DHUGE %s -o %t.huge.cu 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not test -e %t.huge.cu

// 128x128 tiles in strips of 64: 2 x 64 x (128 + 4) floats, 67584 bytes.
void wide_strips(int M, int N, int K, const float *A, const float *B,
                 float *C) { // gpu-check: A[M*K] B[K*N] C[M*N]
#pragma c2cuda kernel map(j: x, i: y) block(16, 16) tile(i: 128, j: 128, k: 64) shared(A, B) pad(4) vector(i: 4, j: 4) pipeline(2)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}

// Strips of 32: 33792 bytes, declared statically as before.
void narrow_strips(int M, int N, int K, const float *A, const float *B,
                   float *C) { // gpu-check: A[M*K] B[K*N] C[M*N]
#pragma c2cuda kernel map(j: x, i: y) block(16, 16) tile(i: 128, j: 128, k: 32) shared(A, B) pad(4) vector(i: 4, j: 4) pipeline(2)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}

#ifdef HUGE
// HUGE: {{^}}{{.*}}dynamic-shared.c:[[@LINE+2]]:82: error: the shared tiles need 270336 bytes per block, more than the 232448 a block may use (sm_90){{$}}
void huge(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma c2cuda kernel map(j: x, i: y) block(16, 16) tile(i: 128, j: 128, k: 256) shared(A, B) pad(4) vector(i: 4, j: 4)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}
#endif

// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256{{.*}}) wide_strips_kernel0(
// CHECK-NEXT:  {{^}}  extern __shared__ __align__(16) unsigned char c2c_dyn_smem[];{{$}}
// CHECK:       {{^}}  float (&c2c_sh_A)[64][132] = *reinterpret_cast<float (*)[64][132]>(c2c_dyn_smem + 0);{{$}}
// CHECK-NEXT:  {{^}}  float (&c2c_sh_B)[64][132] = *reinterpret_cast<float (*)[64][132]>(c2c_dyn_smem + 33792);{{$}}
// CHECK:       {{^}}      c2c_allow_shared((const void *)wide_strips_kernel0, 67584LL, "wide_strips_kernel0", "dynamic-shared.c:{{[0-9]+}}");{{$}}
// CHECK-NEXT:  {{^}}      wide_strips_kernel0<<<c2c_grid, c2c_block, 67584>>>(
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256{{.*}}) narrow_strips_kernel0(
// CHECK-NOT:   c2c_dyn_smem
// CHECK:       {{^}}  __shared__ __align__(16) float c2c_sh_A[32][132];{{$}}
// CHECK:       {{^}}      narrow_strips_kernel0<<<c2c_grid, c2c_block>>>(

// ORACLE: {{^}}CHECK wide_strips PASS
// ORACLE: {{^}}CHECK narrow_strips PASS
