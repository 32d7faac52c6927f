// A null test of a pointer (`!x`, `x == NULL`, `x` as a truth value)
// touches no element. Among the function's first statements, `if (c)
// return;` whose c tests pointers is an entry guard: each entry point runs
// it before it sizes, allocates or copies anything (the caller's null x is
// never copied from), the body does not run it again, and the rest of c
// bounds the copies as any `if (c) return;` does. `_device` passes an array
// whose elements host code never touches as its device pointer, which
// tests null as the caller's does. A later null test is no guard: it runs
// in the body (the CPU oracle declines it).
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=DIAG --implicit-check-not=warning: --implicit-check-not=error:
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %c2cuda-check %s --size n=100 --trials 2 --function scale | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s --size n=100 --trials 2 --function axpy | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s --size n=0 --trials 1 --function axpy | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check %s --size n=100 --trials 1 --function later | FileCheck %s --check-prefix=LATER
// DIAG: remark: mapped i -> x

#include <stddef.h>

void scale(int n, float a, float *x) {
  if (!x)
    return;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    x[i] = a * x[i];
}
// CHECK-LABEL: {{^}}static void c2c_scale_body(
// CHECK-NEXT:  {{^}}  {{[{]$}}
// CHECK-NEXT:  {{^}}    // Launch scale_kernel0
// CHECK-LABEL: {{^}}extern "C" void scale(int n, float a, float *x) {{[{]$}}
// CHECK-NEXT:  {{^}}  if (!x){{$}}
// CHECK-NEXT:  {{^}}    return;{{$}}
// CHECK-NEXT:  {{^}}  const long long c2c_n_x = (long long)n >= 1LL ? (long long)n : 0LL;{{$}}
// CHECK-LABEL: {{^}}extern "C" void scale_device(int n, float a, float *x) {{[{]$}}
// CHECK-NEXT:  {{^}}  if (!x){{$}}
// CHECK-NEXT:  {{^}}    return;{{$}}
// CHECK-NOT:   c2c_unstageable
// CHECK:       {{^}}  c2c_scale_body(n, a, (float *)x, (float *)x, c2c_n_x);{{$}}

void axpy(int n, float a, const float *x, float *y) {
  int i;
  if (x == NULL || y == 0 || n <= 1)
    return;
#pragma c2cuda kernel
  for (i = 0; i < n; i++)
    y[i] += a * x[i];
}
// The guard's scalar part bounds the copies (n >= 2).
// CHECK-LABEL: {{^}}extern "C" void axpy(int n, float a, const float *x, float *y) {{[{]$}}
// CHECK-NEXT:  {{^}}  if (x == (const float *)(((void *)0)) || y == 0 || n <= 1){{$}}
// CHECK-NEXT:  {{^}}    return;{{$}}
// CHECK-NEXT:  {{^}}  const long long c2c_n_x = (long long)n >= 2LL ? (long long)n : 0LL;{{$}}
// CHECK-NEXT:  {{^}}  const long long c2c_n_y = (long long)n >= 2LL ? (long long)n : 0LL;{{$}}

void later(int n, const float *x, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = 2 * x[i];
  if (!x)
    return;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] += 1;
}
// CHECK-LABEL: {{^}}static void c2c_later_body(
// CHECK:       {{^}}  if (!x){{$}}
// CHECK-LABEL: {{^}}extern "C" void later(int n, const float *x, float *y) {{[{]$}}
// CHECK-NEXT:  {{^}}  const long long c2c_n_x
// CHECK-LABEL: {{^}}extern "C" void later_device(int n, const float *x, float *y) {{[{]$}}
// CHECK-NOT:   c2c_unstageable
// CHECK:       {{^}}  c2c_later_body(n, (const float *)x, (float *)y,

// A guard behind a call is not run ahead of it: no entry guard.
int checked(int n);
void behind_call(int n, float *x) {
  if (checked(n))
    return;
  if (!x)
    return;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    x[i] = 2 * x[i];
}
// CHECK-LABEL: {{^}}extern "C" void behind_call(int n, float *x) {{[{]$}}
// CHECK-NEXT:  {{^}}  const long long c2c_n_x

// ORACLE: {{^}}CHECK {{scale|axpy}} PASS
// LATER: {{^}}CHECK later UNSUPPORTED {{.*}}host code not interpretable: 'if (!x)
