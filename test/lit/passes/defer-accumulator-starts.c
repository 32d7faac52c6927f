// DeferAccumulatorStarts: with the user's permission to reassociate, a sum
// whose start is loaded before its loop starts from zero (-0.0, which
// leaves the start exact when the loop runs no iteration), and the start is
// computed after the loop and added.
// RUN: %c2cuda-opt %s -passes=ReplaceArrayAccumulators,HoistHostLoops,MapToGrid | FileCheck %s --check-prefix=BEFORE
// RUN: %c2cuda-opt %s -passes=ReplaceArrayAccumulators,HoistHostLoops,MapToGrid,DeferAccumulatorStarts --allow-reassociation 2>&1 | FileCheck %s
// RUN: %c2cuda-opt %s -passes=ReplaceArrayAccumulators,HoistHostLoops,MapToGrid,DeferAccumulatorStarts 2>&1 | FileCheck %s --check-prefix=ASKED

// gemm as PolyBench writes it: C[i][j] lives in a register across k
// (ReplaceArrayAccumulators), starting from C[i][j] * beta.
void gemm(int ni, int nj, int nk, float alpha, float beta, float C[ni][nj],
          const float A[ni][nk], const float B[nk][nj]) {
#pragma c2cuda kernel
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      C[i][j] *= beta;
      for (int k = 0; k < nk; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
}

// BEFORE-LABEL: {{^}}  kernel 0 gemm_kernel0 (nest 0) block(32,8,1) {{{$}}
// BEFORE:       {{^}}    float c2c_acc_C = C[i][j];{{$}}
// BEFORE-NEXT:  {{^}}    c2c_acc_C *= beta;{{$}}
// BEFORE-NEXT:  {{^}}    for (int k = 0; k < nk; ++k) {{{$}}

// CHECK-LABEL: {{^}}  kernel 0 gemm_kernel0 (nest 0) block(32,8,1) {{{$}}
// CHECK:       {{^}}    float c2c_acc_C = -0.0f;{{$}}
// CHECK-NEXT:  {{^}}    for (int k = 0; k < nk; ++k) {{{$}}
// CHECK-NEXT:  {{^}}      c2c_acc_C += alpha * A[i][k] * B[k][j];{{$}}
// CHECK-NEXT:  {{^}}    }{{$}}
// CHECK-NEXT:  {{^}}    float c2c_start_c2c_acc_C = C[i][j];{{$}}
// CHECK-NEXT:  {{^}}    c2c_start_c2c_acc_C *= beta;{{$}}
// CHECK-NEXT:  {{^}}    c2c_acc_C = c2c_start_c2c_acc_C + c2c_acc_C;{{$}}
// CHECK-NEXT:  {{^}}    C[i][j] = c2c_acc_C;{{$}}

// A user's scalar, subtracted into, beside a count that starts from a
// scalar (no load: left before the loop) and a product (not a sum).
// gpu-check: A[n*m] x[m] b[n] r[n] base[n] cnt[n] s[n] p[n]
void residual(int n, int m, const double *A, const double *x, const double *b,
              double *r, const int *base, int *cnt, const double *s,
              double *p) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    double acc = b[i];
    long count = i;
    int c = base[i];
    double prod = s[i];
    for (int j = 0; j < m; j++) {
      acc -= A[i * m + j] * x[j];
      count += 1;
      c += j;
      prod *= x[j];
    }
    r[i] = acc + count;
    cnt[i] = c;
    p[i] = prod;
  }
}

// CHECK-LABEL: {{^}}  kernel 0 residual_kernel0 (nest 0) block(256,1,1) {{{$}}
// CHECK:       {{^}}    double acc = -0.0;{{$}}
// CHECK-NEXT:  {{^}}    long long count = (long long)i;{{$}}
// CHECK-NEXT:  {{^}}    int c = 0;{{$}}
// CHECK-NEXT:  {{^}}    double prod = s[i];{{$}}
// CHECK-NEXT:  {{^}}    for (int j = 0; j < m; ++j) {{{$}}
// CHECK:       {{^}}    }{{$}}
// CHECK-NEXT:  {{^}}    acc = b[i] + acc;{{$}}
// CHECK-NEXT:  {{^}}    c = base[i] + c;{{$}}
// CHECK-NEXT:  {{^}}    r[i] = acc + (double)count;{{$}}

// Left as they are: a start read from an array the loop writes (under a
// test: an element written on every iteration is kept in a register
// instead), a loop that reads its sum, a start that reads a scalar the loop
// sets.
// gpu-check: a[n] w[m] out[n]
void kept(int n, int m, float *a, const float *w, float *out) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float s = a[i];
    for (int j = 0; j < m; j++) {
      s += w[j];
      if (w[j] > 0.5f)
        a[i] = 1.0f;
    }
    float t = a[i];
    for (int j = 0; j < m; j++)
      t += t * w[j];
    float v = 0.0f;
    float u = w[0] + v;
    for (int j = 0; j < m; j++) {
      u += w[j];
      v = w[j];
    }
    out[i] = s + t + u + v;
  }
}

// CHECK-LABEL: {{^}}  kernel 0 kept_kernel0 (nest 0) block(256,1,1) {{{$}}
// CHECK:       {{^}}    float s = a[i];{{$}}
// CHECK:       {{^}}    float t = a[i];{{$}}
// CHECK:       {{^}}    float u = w[0] + v;{{$}}

// A reduction clause allows it for the sum it names.
// gpu-check: A[n*m] x[m] b[n] y[n]
void clause(int n, int m, const float *A, const float *x, const float *b,
            float *y) {
#pragma c2cuda kernel reduction(+: acc)
  for (int i = 0; i < n; i++) {
    float acc = b[i];
    for (int j = 0; j < m; j++)
      acc += A[i * m + j] * x[j];
    y[i] = acc;
  }
}

// CHECK-LABEL: {{^}}  kernel 0 clause_kernel0 (nest 0) block(256,1,1) {{{$}}
// CHECK:       {{^}}    float acc = -0.0f;{{$}}
// CHECK:       {{^}}    acc = b[i] + acc;{{$}}

// Without permission only the clause's sum moves; the others say how.
// ASKED-LABEL: {{^}}  kernel 0 gemm_kernel0 (nest 0) block(32,8,1) {{{$}}
// ASKED:       {{^}}    float c2c_acc_C = C[i][j];{{$}}
// ASKED-LABEL: {{^}}  kernel 0 residual_kernel0 (nest 0) block(256,1,1) {{{$}}
// ASKED:       {{^}}    double acc = b[i];{{$}}
// ASKED-LABEL: {{^}}  kernel 0 clause_kernel0 (nest 0) block(256,1,1) {{{$}}
// ASKED:       {{^}}    float acc = -0.0f;{{$}}
// ASKED: remark: the sum into 'C[i][j]' across 'k' holds its start in a register through the loop; allow reassociation with 'reduction(+: C)' or --allow-reassociation to add the start after the loop{{$}}
// ASKED: remark: the sum into 'acc' across 'j' holds its start in a register through the loop; allow reassociation with 'reduction(+: acc)' or --allow-reassociation to add the start after the loop{{$}}
// ASKED: remark: the sum into 'c' across 'j' holds its start in a register through the loop; allow reassociation with 'reduction(+: c)' or --allow-reassociation to add the start after the loop{{$}}
// ASKED: remark: the sum into 'acc' across 'j' starts from zero; its start is added after the loop (the additions reassociated), so no register holds it through the loop{{$}}

// CHECK:      remark: the sum into 'C[i][j]' across 'k' starts from zero; its start is added after the loop (the additions reassociated), so no register holds it through the loop{{$}}
// CHECK:      remark: the sum into 'acc' across 'j' starts from zero; its start is added after the loop (the additions reassociated), so no register holds it through the loop{{$}}
// CHECK:      remark: the sum into 'c' across 'j' starts from zero; its start is added after the loop (the additions reassociated), so no register holds it through the loop{{$}}
// CHECK:      remark: the sum into 'acc' across 'j' starts from zero; its start is added after the loop (the additions reassociated), so no register holds it through the loop{{$}}
// CHECK-NOT:  the sum into

// The kernels compute what the C computes, also when the loops run no
// iteration (the start then stays exactly as it was), with the default
// and random schedules, tiled (a register tile per thread) or not.
// RUN: %c2cuda-check %s --size ni=19,nj=23,nk=7 --trials 3 --function gemm --allow-reassociation | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size ni=19,nj=23,nk=0 --trials 2 --function gemm --allow-reassociation | FileCheck %s --check-prefix=EXACT --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size ni=70,nj=45,nk=33 --trials 2 --random-schedules 4 --function gemm --allow-reassociation | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size n=37,m=11 --trials 3 --function residual --array-size base=37 --allow-reassociation | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size n=37,m=0 --trials 2 --function residual --array-size A=0,x=0,base=37 --allow-reassociation | FileCheck %s --check-prefix=EXACT --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size n=37,m=9 --trials 2 --function kept --allow-reassociation | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size n=37,m=9 --trials 2 --random-schedules 3 --function clause | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// ORACLE: {{^}}CHECK {{[a-z]+}} PASS
// ORACLE-NOT: FAIL
// EXACT: {{^}}CHECK {{[a-z]+}} PASS maxRelL2=0{{$}}
