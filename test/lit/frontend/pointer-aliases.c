// A pointer declared in a nest as a fixed place in a pointer parameter
// (`float *row = A + i * m;`, `&A[e]`, another such pointer plus or minus
// an offset) and never assigned is a name for that place: `row[j]` and
// `*(row + j)` are elements of the parameter (NestBuilder's pointer
// aliases). A pointer the nest assigns or steps is refused
// (diagnostics/pointer-local.c).

void scale_rows(int n, int m, float *A, const float *s) { // gpu-check: A[n*m] s[n]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float *row = A + i * m;
    for (int j = 0; j < m; j++)
      row[j] *= s[i];
  }
}

void row_dot(int n, int m, const float *A, const float *x, float *y) { // gpu-check: A[n*m] x[m] y[n]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    const float *a = &A[i * m];
    float acc = 0.0f;
    for (int j = 0; j < m; j++)
      acc += a[j] * *(x + j);
    y[i] = acc;
  }
}

void stencil_rows(int n, int m, const double *in, double *out) { // gpu-check: in[n*m] out[n*m]
#pragma c2cuda kernel
  for (int i = 1; i < n - 1; i++) {
    const double *up = in + (i - 1) * m, *mid = up + m, *down = mid + m;
    double *o = out + i * m;
    for (int j = 1; j < m - 1; j++)
      o[j] = 0.25 * (up[j] + down[j] + mid[j - 1] + *(mid + j + 1));
  }
}

void reversed(int n, const float *x, float *y) { // gpu-check: x[n] y[n]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    const float *last = x + n - 1;
    const float *p = last - i;
    y[i] = *p;
  }
}

// Pointer sums subscripted or dereferenced in place.
void sums(int n, const float *x, float *y) { // gpu-check: x[n+2] y[n]
#pragma scop
  for (int i = 0; i < n; i++)
    y[i] = *(x + i + 1) + (x + 2)[i] - *(x + 1 - i + n);
#pragma endscop
}

// Helpers taking pointers into the arrays are inlined: their pointer
// parameters name the places the arguments point to.
static inline float at(const float *A, int n, int i, int j) {
  return A[i * n + j];
}
void blur(int h, int w, const float *in, float *out) { // gpu-check: in[h*w] out[h*w]
#pragma c2cuda kernel
  for (int i = 1; i < h - 1; i++)
    for (int j = 1; j < w - 1; j++)
      out[i * w + j] = (at(in, w, i - 1, j) + at(in, w, i + 1, j) +
                        at(in, w, i, j - 1) + at(in, w, i, j + 1)) *
                       0.25f;
}

static float dot3(const float *a, const float *b) {
  return a[0] * b[0] + a[1] * b[1] + *(a + 2) * b[2];
}
void dots(int n, const float *p, const float *q, float *d) { // gpu-check: p[3*n] q[3*n] d[n]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    d[i] = dot3(&p[3 * i], q + 3 * i) + dot3(p + 3 * i, p + 3 * i);
}

// Rows of 2-D array parameters: `A[i]` and `&C[i][1]` name places in the
// rows, `a[k]` is A[i][k] (found by a probe of forms beyond examples/,
// refused before).
void row_pointers(int n, int m, const float A[n][m], float C[n][m + 1]) { // gpu-check: A[n*m] C[n*(m+1)]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    const float *a = A[i];
    float *c = &C[i][1];
    for (int k = 0; k < m; k++)
      c[k] = 2.0f * a[k] + *(a + m - 1 - k);
  }
}

// RUN: %c2cuda -q %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
// RUN: %c2cuda-check %s --size n=13,m=17,h=11,w=14 --trials 2 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL --implicit-check-not=UNSUPPORTED
// ORACLE-COUNT-24: {{^}}CHECK {{[a-z_]+}} PASS

// The rows of A through 'a' are a matrix-vector product's, staged as one.
// CHECK-LABEL: {{^}}// row_dot_kernel0 (row_dot, nest at pointer-aliases.c:19):{{$}}
// CHECK:       {{^}}//   'A' staged in shared memory as c2c_sh_A[64][33] (transposed){{$}}
// CHECK-NEXT:  {{^}}//   'x' staged in shared memory as c2c_sh_x[65]{{$}}
// CHECK-LABEL: {{^}}__global__ void {{.*}}scale_rows_kernel0(
// CHECK:       {{^ +}}A[(long long)i * (long long)m + j] *= s[i];{{$}}
// CHECK-LABEL: {{^}}__global__ void {{.*}}stencil_rows_kernel0(
// CHECK:       {{^ +}}out[(long long)i * (long long)m + j] = 0.25 * (in[(long long)(i - 1) * (long long)m + j] + in[(long long)(i - 1) * (long long)m + m + m + j] + in[(long long)(i - 1) * (long long)m + m + (j - 1)] + in[(long long)(i - 1) * (long long)m + m + j + 1]);{{$}}
// CHECK-LABEL: {{^}}__global__ void {{.*}}reversed_kernel0(
// CHECK:       {{^ +}}y[i] = x[n - 1 - i];{{$}}
// CHECK-LABEL: {{^}}__global__ void {{.*}}sums_kernel0(
// CHECK:       {{^ +}}y[i] = x[i + 1] + x[2 + i] - x[1 - i + n];{{$}}
// CHECK-LABEL: {{^}}__global__ void {{.*}}blur_kernel0(
// CHECK:       {{^ +}}out[(long long)i * (long long)w + j] = (in[(long long)(i - 1) * (long long)w + j] + in[(long long)(i + 1) * (long long)w + j] + in[(long long)i * (long long)w + (j - 1)] + in[(long long)i * (long long)w + (j + 1)]) * 0.25f;{{$}}
// CHECK-LABEL: {{^}}__global__ void {{.*}}dots_kernel0(
// CHECK:       {{^ +}}d[i] = p[3 * (long long)i + 0] * q[3 * (long long)i + 0] + p[3 * (long long)i + 1] * q[3 * (long long)i + 1] + p[3 * (long long)i + 2] * q[3 * (long long)i + 2] + (p[3 * (long long)i + 0] * p[3 * (long long)i + 0] + p[3 * (long long)i + 1] * p[3 * (long long)i + 1] + p[3 * (long long)i + 2] * p[3 * (long long)i + 2]);{{$}}
// CHECK-LABEL: {{^}}__global__ void {{.*}}row_pointers_kernel0(
// CHECK:       {{^ +}}C[(long long)i * (m + 1) + (1 + k)] = 2.0f * A[(long long)i * m + k] + A[(long long)i * m + (m - 1 - k)];{{$}}
