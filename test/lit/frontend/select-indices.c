// A subscript holding a select (a clamped or mirrored border, directly or
// through a local the nest never assigns) reads as a select of reads
// (SelectIndices.h): each arm's subscript is affine and read only where its
// condition holds, so the arrays' extents are inferred exactly (they were
// refused: "cannot infer how many elements of 'x'"). Writes keep theirs.

void clamp_cols(int n, int m, const float *x, float *y) { // gpu-check: x[n*m] y[n*m]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      int jj = j < 1 ? 1 : (j > m - 2 ? m - 2 : j);
      y[i * m + j] = x[i * m + jj];
    }
}

// A 3-point smoothing with replicated ends, written inline.
void smooth(int n, const double *x, double *y) { // gpu-check: x[n] y[n]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = 0.25 * x[i > 0 ? i - 1 : 0] + 0.5 * x[i] +
           0.25 * x[i + 1 < n ? i + 1 : n - 1];
}

// RUN: not %c2cuda -q %S/Inputs/select-index-local-assigned.c -o %t.bad.cu 2>&1 | FileCheck --check-prefix=ASSIGNED %s
// ASSIGNED: {{^}}{{.*}}select-index-local-assigned.c:10:22: error: cannot infer how many elements of 'x' the nest accesses{{$}}
// RUN: %c2cuda -q %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
// RUN: %c2cuda-check %s --size n=13,m=17 --trials 2 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL --implicit-check-not=UNSUPPORTED
// RUN: %c2cuda-check %s --size n=3,m=3 --trials 1 | FileCheck %s --check-prefix=ORACLE3 --implicit-check-not=FAIL --implicit-check-not=UNSUPPORTED
// ORACLE-COUNT-6: {{^}}CHECK {{[a-z_]+}} PASS
// ORACLE3-COUNT-2: {{^}}CHECK {{[a-z_]+}} PASS

// CHECK-LABEL: {{^}}__global__ void {{.*}}clamp_cols_kernel0(
// CHECK:       {{^ +}}y[(long long)i * (long long)m + j] = j < 1 ? x[(long long)i * (long long)m + 1] : j > m - 2 ? x[(long long)i * (long long)m + (m - 2)] : x[(long long)i * (long long)m + j];{{$}}
// The last element clamp_cols reads is x[(n - 1) * m + m - 2] (for m >= 3).
// CHECK-LABEL: {{^}}extern "C" void clamp_cols(int n, int m, const float *x, float *y) {{[{]$}}
// CHECK-NEXT:  {{^}}  const long long c2c_n_x = {{.*}} ? 1LL + ((long long)n - 1LL) * (long long)m + ((long long)m <= 2LL ? 1LL : (long long)m - 2LL) : 0LL;{{$}}
// CHECK-LABEL: {{^}}__global__ void {{.*}}smooth_kernel0(
// CHECK:       {{^ +}}y[i] = 0.25 * (i > 0 ? x[i - 1] : x[0]) + 0.5 * x[i] + 0.25 * (i + 1 < n ? x[i + 1] : x[n - 1]);{{$}}
// CHECK-LABEL: {{^}}extern "C" void smooth(int n, const double *x, double *y) {{[{]$}}
// CHECK-NEXT:  {{^}}  const long long c2c_n_x = (long long)n >= 1LL ? (long long)n : 0LL;{{$}}
