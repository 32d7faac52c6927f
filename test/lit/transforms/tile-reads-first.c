// Points of a straight-line body that reads an array it writes: the reads
// that come before the body's first array write are evaluated for every
// point first, into registers c2c_ld<n>[point], then the bodies run on them
// (ReadsBeforeWrites.h). Reads under `?:` or `&&`, reads after a write, and
// bodies whose written arrays are not read keep their order.
//
// RUN: %c2cuda %s -o %t.cu 2>/dev/null
// RUN: FileCheck %s < %t.cu
// RUN: %c2cuda-check %s --size n=5001,K=37,T=70 --trials 2 --random-schedules 3 | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s --size n=3,K=1,T=1 --trials 1 | FileCheck %s --check-prefix=ORACLE
// ORACLE-NOT: FAIL
// ORACLE: PASS

void reverse(int n, float *a) {
#pragma c2cuda kernel
  for (int i = 0; i < n / 2; i++) {
    float tmp = a[i];
    a[i] = a[n - 1 - i];
    a[n - 1 - i] = tmp;
  }
}
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) reverse_kernel0(
// CHECK: {{^}}      float c2c_ld0[8];{{$}}
// CHECK-NEXT: {{^}}      float c2c_ld1[8];{{$}}
// CHECK-NEXT: {{^}}      #pragma unroll{{$}}
// CHECK-NEXT: {{^}}      for (int c2c_p_x = 0; c2c_p_x < 8; ++c2c_p_x) {{{$}}
// CHECK-NEXT: {{^}}        int c2c_t_x = (int)threadIdx.x + c2c_p_x * 256;{{$}}
// CHECK-NEXT: {{^}}        if (c2c_t_x < c2c_left_x) {{{$}}
// CHECK-NEXT: {{^}}          int i = c2c_base_i + c2c_t_x * 1;{{$}}
// CHECK-NEXT: {{^}}          c2c_ld0[c2c_p_x] = a[i];{{$}}
// CHECK-NEXT: {{^}}          c2c_ld1[c2c_p_x] = a[n - 1 - i];{{$}}
// CHECK-NEXT: {{^}}        }{{$}}
// CHECK-NEXT: {{^}}      }{{$}}
// CHECK-NEXT: {{^}}      #pragma unroll{{$}}
// CHECK-NEXT: {{^}}      for (int c2c_p_x = 0; c2c_p_x < 8; ++c2c_p_x) {{{$}}
// CHECK-NEXT: {{^}}        int c2c_t_x = (int)threadIdx.x + c2c_p_x * 256;{{$}}
// CHECK-NEXT: {{^}}        if (c2c_t_x < c2c_left_x) {{{$}}
// CHECK-NEXT: {{^}}          int i = c2c_base_i + c2c_t_x * 1;{{$}}
// CHECK-NEXT: {{^}}          float tmp = c2c_ld0[c2c_p_x];{{$}}
// CHECK-NEXT: {{^}}          a[i] = c2c_ld1[c2c_p_x];{{$}}
// CHECK-NEXT: {{^}}          a[n - 1 - i] = tmp;{{$}}

// 2-D points: one register per point of the thread.
void update(int K, int T, float eps, float *H, const float *WtV,
            const float *WtWH) {
#pragma c2cuda kernel
  for (int k = 0; k < K; k++)
    for (int t = 0; t < T; t++)
      H[k * T + t] = H[k * T + t] * WtV[k * T + t] / (WtWH[k * T + t] + eps);
}
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) update_kernel0(
// CHECK: {{^}}            c2c_ld0[c2c_p_y + 4 * c2c_p_x] = H[(long long)k * (long long)T + t];{{$}}
// CHECK-NEXT: {{^}}            c2c_ld1[c2c_p_y + 4 * c2c_p_x] = WtV[(long long)k * (long long)T + t];{{$}}
// CHECK-NEXT: {{^}}            c2c_ld2[c2c_p_y + 4 * c2c_p_x] = WtWH[(long long)k * (long long)T + t];{{$}}
// CHECK: {{^}}            H[(long long)k * (long long)T + t] = c2c_ld0[c2c_p_y + 4 * c2c_p_x] * c2c_ld1[c2c_p_y + 4 * c2c_p_x] / (c2c_ld2[c2c_p_y + 4 * c2c_p_x] + eps);{{$}}

// Only the first a[i] is read early: b[i] is read under `?:`, and the
// other reads of a[i] come after the body's first write.
void partial(int n, float *a, const float *b, float *c) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    c[i] = a[i] > 0.0f ? b[i] : 0.0f;
    a[i] = a[i] * 2.0f;
    c[i] += a[i];
  }
}
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) partial_kernel0(
// CHECK: {{^}}          c2c_ld0[c2c_p_x] = a[i];{{$}}
// CHECK-NEXT: {{^}}        }{{$}}
// CHECK: {{^}}          c[i] = c2c_ld0[c2c_p_x] > 0.0f ? b[i] : 0.0f;{{$}}
// CHECK-NEXT: {{^}}          a[i] = a[i] * 2.0f;{{$}}
// CHECK-NEXT: {{^}}          c[i] += a[i];{{$}}

// Reads only of arrays the body does not write: unchanged (nvcc orders
// those loads itself).
void stencil(int n, const float *a, float *b) {
#pragma c2cuda kernel
  for (int i = 1; i < n - 1; i++)
    b[i] = a[i - 1] + a[i] + a[i + 1];
}
// CHECK-LABEL: {{^}}__global__ void __launch_bounds__(256) stencil_kernel0(
// CHECK-NOT: c2c_ld
// CHECK: {{^}}extern "C" void stencil(
