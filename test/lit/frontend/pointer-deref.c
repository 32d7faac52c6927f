// `*p` is p[0] and `*(p + e)` (or `*(e + p)`) is p[e] for a pointer
// parameter, in a nest and in the host code after it (which the CPU oracle
// runs from its IR): a sum returned through a pointer, a count, and a copy
// written with pointer arithmetic.

void total(int n, const float *x, float *sum) { // gpu-check: x[n] sum[1]
#pragma c2cuda kernel reduction(+: sum)
  for (int i = 0; i < n; i++)
    *sum += x[i];
}

void twice(int n, const float *x, float *y) { // gpu-check: x[n] y[n]
#pragma scop
  for (int i = 0; i < n; i++)
    *(y + i) = 2.0f * *(i + x);
#pragma endscop
}

void count(int n, const int *a, int *c) { // gpu-check: a[n] c[1]
  int k = 0;
#pragma scop
  for (int i = 0; i < n; i++)
    if (a[i] > 4)
      k += 1;
#pragma endscop
  *c = k;
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// CHECK: {{^}}{{.*}}pointer-deref.c:8:3: remark: reduction over i into sum[0] (+) runs with atomic updates (allowed by 'reduction(+: sum)'){{$}}
// CHECK: {{^}}{{.*}}pointer-deref.c:14:3: remark: i is contiguous in y, x; on x{{$}}
// CHECK: {{^}}{{.*}}pointer-deref.c:22:3: remark: reduction over i into k (+) runs with atomic updates (allowed by exact integer arithmetic){{$}}
// RUN: FileCheck %s --check-prefix=CU < %t.cu
// CU: {{^ +}}y[i] = 2.0f * x[i];{{$}}
// RUN: %c2cuda-check %s --size n=37 --trials 3 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL --implicit-check-not=UNSUPPORTED
// ORACLE-COUNT-9: {{^}}CHECK {{[a-z_]+}} PASS
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
