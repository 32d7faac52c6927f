// A condition on the iterator plus or minus an offset (`i + 1 < n`, `n > i + 1`,
// `k + i <= n`, `i - 1 >= 0`) bounds the iterator by the other side less the
// offset, where the comparison is of signed integers (C does not let them
// wrap); unsigned, the sum may wrap and the loop is refused
// (diagnostics/for-shifted-unsigned.c).
void pairs(int n, const float *x, float *y) { // gpu-check: x[n] y[n]
#pragma c2cuda kernel
  for (int i = 0; i + 1 < n; i += 2) {
    y[i] = x[i] + x[i + 1];
    y[i + 1] = x[i] - x[i + 1];
  }
}
void diffs(int n, const float *x, float *d) { // gpu-check: x[n] d[n]
#pragma c2cuda kernel
  for (int i = 0; n > i + 1; i++)
    d[i] = x[i + 1] - x[i];
}
void window(int n, int k, const float *x, float *y) { // gpu-check: x[n] y[n]
#pragma c2cuda kernel
  for (int i = 0; k + i <= n; i++) {
    float s = 0;
    for (int t = 0; t < k; t++)
      s += x[i + t];
    y[i] = s;
  }
}
void down(int n, const float *x, float *y) { // gpu-check: x[n] y[n]
#pragma c2cuda kernel
  for (int i = n - 1; i - 1 >= 0; i--)
    y[i] = x[i] - x[i - 1];
}

// RUN: %c2cuda -q %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
// RUN: %c2cuda-check %s --size n=37,k=5 --trials 2 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL --implicit-check-not=UNSUPPORTED
// RUN: %c2cuda-check %s --size n=1,k=3 --trials 1 | FileCheck %s --check-prefix=ORACLE1 --implicit-check-not=FAIL --implicit-check-not=UNSUPPORTED
// ORACLE-COUNT-12: {{^}}CHECK {{[a-z]+}} PASS
// ORACLE1-COUNT-4: {{^}}CHECK {{[a-z]+}} PASS

// The trip counts use the moved bounds.
// CHECK-LABEL: {{^}}static void c2c_pairs_body(
// CHECK:       {{^ +}}const long long c2c_trip_x = (long long)(n - 1) > 0LL ? ((long long)(n - 1) + 1LL) / 2LL : 0LL;{{$}}
// CHECK-LABEL: {{^}}static void c2c_window_body(
// CHECK:       {{^ +}}const long long c2c_trip_x = (long long)(n - k) >= 0LL ? (long long)(n - k) + 1LL : 0LL;{{$}}
// CHECK-LABEL: {{^}}__global__ void {{.*}}down_kernel0(
// CHECK:       {{^ +}}long long c2c_trip_x = (long long)(n - 1) >= 1LL ? (long long)(n - 1) - 1LL + 1LL : 0LL;{{$}}
