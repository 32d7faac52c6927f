// A loop starting at the larger of several values, or bounded below the
// smaller of several (`j < MIN(jj + 32, m)`, written as a select by a
// macro, an inlined helper or by hand), gives the analysis one constraint
// per value: user-tiled and banded loops keep exact domains, and their
// arrays' extents are inferred (they were refused: "its rows of m elements
// may overlap").
#define MIN(a, b) ((a) < (b) ? (a) : (b))
static inline int imax(int a, int b) { return a > b ? a : b; }

void transpose_tiled(int n, int m, const float *in, float *out) { // gpu-check: in[n*m] out[n*m]
#pragma c2cuda kernel
  for (int ii = 0; ii < n; ii += 32)
    for (int jj = 0; jj < m; jj += 32)
      for (int i = ii; i < MIN(ii + 32, n); i++)
        for (int j = jj; j < MIN(jj + 32, m); j++)
          out[j * n + i] = in[i * m + j];
}

// y = A x for a band of half-width k stored in full rows.
void band_mv(int n, int k, const double *A, const double *x, double *y) { // gpu-check: A[n*n] x[n] y[n]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    double s = 0.0;
    for (int j = imax(0, i - k); j <= MIN(n - 1, i + k); j++)
      s += A[i * n + j] * x[j];
    y[i] = s;
  }
}

// RUN: %c2cuda -q %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %c2cuda -q --no-restructure %s -o %t.as-written.cu
// RUN: FileCheck %s --check-prefix=KERNEL < %t.as-written.cu
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
// RUN: %c2cuda-check %s --size n=37,m=45,k=3 --trials 2 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL --implicit-check-not=UNSUPPORTED
// ORACLE-COUNT-6: {{^}}CHECK {{[a-z_]+}} PASS

// CHECK-LABEL: {{^}}extern "C" void transpose_tiled(int n, int m, const float *in, float *out) {{[{]$}}
// CHECK:       {{^}}  const long long c2c_n_in = {{.*}}(long long)n * (long long)m{{.*}};{{$}}
// CHECK-LABEL: {{^}}extern "C" void band_mv(int n, int k, const double *A, const double *x, double *y) {{[{]$}}
// CHECK:       {{^}}  const long long c2c_n_A = {{.*}};{{$}}
// The bound of a comparison is parenthesized where it binds less tightly
// (it printed as `i < ii + 32 < n ? ii + 32 : n`, which C reads as
// `(i < ii + 32 < n) ? ...`: the GPU check found the loop running past n).
// The loops as written: by default JoinStripMinedLoops runs them as one.
// KERNEL-LABEL: {{^}}__global__ void {{.*}}transpose_tiled_kernel0(
// KERNEL:       {{^ +}}for (int i = ii; i < (ii + 32 < n ? ii + 32 : n); ++i) {{[{]$}}
// KERNEL-NEXT:  {{^ +}}for (int j = jj; j < (jj + 32 < m ? jj + 32 : m); ++j) {{[{]$}}
