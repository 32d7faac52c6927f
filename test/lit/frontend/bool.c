// C's bool (_Bool): parameters, arrays and locals are held in one byte,
// 0 or 1, and declared `bool` in the CUDA, so callers passing `bool *`
// compile; a conversion to bool compares with zero.
#include <stdbool.h>
void boolmask(int n, float t, const float *x, bool *m) {
  // gpu-check: x[n] m[n]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    m[i] = x[i] > t;
}
void masked(int n, bool neg, const bool *m, const float *x, float *y) {
  // gpu-check: m[n] x[n] y[n]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    bool use = m[i] && x[i] != 0.0f;
    float v = neg ? -x[i] : x[i];
    y[i] = use ? v : 0.0f;
  }
}
void contains(int n, int k, const int keys[n], const int set[k], bool found[n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    bool f = false;
    for (int j = 0; j < k; j++)
      if (set[j] == keys[i]) {
        f = true;
        break;
      }
    found[i] = f;
  }
}
void tobool(int n, const float *x, bool *m) {
  // gpu-check: x[n] m[n]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    m[i] = x[i] * 2.0f - 1.5f;
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK --implicit-check-not=error:
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
// RUN: %c2cuda-check %s --size n=37,k=5,neg=1 --trials 2 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL --implicit-check-not=UNSUPPORTED
// ORACLE-COUNT-12: {{^}}CHECK {{[a-z]+}} PASS

// CHECK-LABEL: {{^}}__global__ void {{.*}}boolmask_kernel0(const float *__restrict__ x, bool *__restrict__ m, int n, float t) {{[{]}}{{$}}
// CHECK:       {{^ +}}m[i] = (unsigned char)(x[i] > t != 0);{{$}}
// CHECK:       {{^}}extern "C" void boolmask(int n, float t, const float *x, bool *m) {{[{]}}{{$}}
// CHECK:       {{^}}extern "C" void boolmask_device(int n, float t, const float *x, bool *m) {{[{]}}{{$}}
// CHECK-LABEL: {{^}}__global__ void {{.*}}masked_kernel0(const bool *__restrict__ m, {{.*}}
// CHECK:       {{^ +}}unsigned char use = (unsigned char)(((int)m[i] && x[i] != 0.0f) != 0);{{$}}
// CHECK:       {{^}}extern "C" void masked(int n, bool neg, const bool *m, const float *x, float *y) {{[{]}}{{$}}
// CHECK-LABEL: {{^}}__global__ void {{.*}}tobool_kernel0(
// CHECK:       {{^ +}}m[i] = (unsigned char)(x[i] * 2.0f - 1.5f != 0.0f);{{$}}

// REMARK-NOT: error:
