// Functions of the file whose bodies hold statements (loops, assignments
// through pointer parameters, returns in 'if' branches that end them) are
// inlined: their statements run just before the statement holding the
// call, their locals renamed c2c_<function><n>_<name> (a scalar parameter
// is its argument, or such a local where the body assigns it or the
// argument reads an array), pointer
// parameters naming places in the caller's arrays, the value returned in
// c2c_<function><n>_ret. A void function called as a statement runs its
// statements. Refused: frontend/inline-calls.c.
static float dot(int m, const float *a, const float *b) {
  float s = 0;
  for (int k = 0; k < m; k++)
    s += a[k] * b[k];
  return s;
}
void matvec_helper(int n, int m, const float *A, const float *x, float *y) {
  // gpu-check: A[n*m] x[m] y[n]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = dot(m, &A[i * m], x);
}
static float dist2(int d, const float *p, const float *q) {
  float s = 0.0f;
  for (int k = 0; k < d; k++) {
    float t = p[k] - q[k];
    s += t * t;
  }
  return s;
}
/* k-means assignment: nearest centre */
void assign(int n, int kc, int d, const float *pts, const float *ctr, int *lab) {
  // gpu-check: pts[n*d] ctr[kc*d] lab[n]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    int best = 0;
    float bd = dist2(d, &pts[i * d], &ctr[0]);
    for (int c = 1; c < kc; c++) {
      float dd = dist2(d, &pts[i * d], &ctr[c * d]);
      if (dd < bd) {
        bd = dd;
        best = c;
      }
    }
    lab[i] = best;
  }
}
/* void helper writing through a pointer */
static void axpy_row(int m, float a, const float *x, float *y) {
  for (int j = 0; j < m; j++)
    y[j] += a * x[j];
}
void rank1(int n, int m, const float *u, const float *v, float *A) {
  // gpu-check: u[n] v[m] A[n*m]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    axpy_row(m, u[i], v, &A[i * m]);
}
static int popcount(unsigned v) {
  int c = 0;
  for (int b = 0; b < 32; b++)
    c += (v >> b) & 1u;
  return c;
}
void bits(int n, const unsigned *x, int *y) {
  // gpu-check: x[n] y[n]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = popcount(x[i]) + popcount(x[i] * 3u);
}
static float clampf(float v, float lo, float hi) {
  if (v < lo)
    return lo;
  if (v > hi)
    return hi;
  return v;
}
static int sign(float v) {
  if (v > 0) {
    return 1;
  } else if (v < 0) {
    return -1;
  }
  return 0;
}
static void put(float *out, float v) {
  if (v == 0.0f)
    return;
  out[0] = v;
}
void clampall(int n, float lo, float hi, float x[n], int s[n], float y[n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    x[i] = clampf(x[i], lo, hi);
    s[i] = sign(x[i] - 1.0f);
    put(&y[i], (float)s[i]);
  }
}

// A helper computing each element of a product: the inlined loop is the
// product's reduction loop, tiled as matmul's is.
static float dotcol(int k, const float *a, const float *b, int ldb) {
  float s = 0.0f;
  for (int p = 0; p < k; p++)
    s += a[p] * b[p * ldb];
  return s;
}
void matmul_helper(int n, int m, const float *A, const float *B, float *C) {
  // gpu-check: A[n*m] B[m*n] C[n*n]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      C[i * n + j] = dotcol(m, &A[i * m], &B[j], n);
}

// A call whose statements cannot run first: after '&&' (Inputs/).
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK --implicit-check-not=error:
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
// RUN: %c2cuda-check %s --size n=37,m=29,kc=5,d=7 --trials 2 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL --implicit-check-not=UNSUPPORTED
// RUN: not %c2cuda -q %S/Inputs/inline-bodies-refused.c -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error:
// ORACLE-COUNT-18: {{^}}CHECK {{[a-z0-9_]+}} PASS

// CHECK-LABEL: {{^}}__global__ void {{.*}}assign_kernel0(
// CHECK:       {{^ +}}float c2c_dist20_ret;{{$}}
// CHECK-NEXT:  {{^ +}}float c2c_dist20_s = 0.0f;{{$}}
// CHECK-NEXT:  {{^ +}}for (int c2c_dist20_k = 0; c2c_dist20_k < d; ++c2c_dist20_k) {{[{]}}{{$}}
// CHECK:       {{^ +}}c2c_dist20_ret = c2c_dist20_s;{{$}}
// CHECK-NEXT:  {{^ +}}float bd = c2c_dist20_ret;{{$}}
// CHECK-LABEL: {{^}}__global__ void {{.*}}clampall_kernel0(
// CHECK:       {{^ +}}float c2c_clampf{{[0-9]+}}_v = x[i];{{$}}
// CHECK-NEXT:  {{^ +}}float c2c_clampf{{[0-9]+}}_ret;{{$}}
// CHECK-NEXT:  {{^ +}}if (c2c_clampf{{[0-9]+}}_v < lo) {{[{]}}{{$}}
// CHECK-NEXT:  {{^ +}}c2c_clampf{{[0-9]+}}_ret = lo;{{$}}
// CHECK-NEXT:  {{^ +}}} else {{[{]}}{{$}}
// CHECK-NEXT:  {{^ +}}if (c2c_clampf{{[0-9]+}}_v > hi) {{[{]}}{{$}}

// CHECK:       {{^}}// Schedule: map(j: x, i: y) block(16, 16) thread(i: 8, j: 8) tile(c2c_dotcol{{[0-9]+}}_p: 8, i: 128, j: 128) shared(A, B) {{.*}}{{$}}
// CHECK-NEXT:  {{^}}__global__ void {{.*}}matmul_helper_kernel0(

// ERR: {{^}}{{.*}}inline-bodies-refused.c:14:18: error: call to 'dot', a function with statements, where its statements cannot run first (a loop's condition, or after '&&', '||' or '?'){{$}}
// ERR: {{^}}{{.*}}inline-bodies-refused.c:14:18: note: assign its result to a local variable just before, and use that{{$}}

// REMARK-NOT: error:
