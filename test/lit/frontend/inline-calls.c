// A call of a function of the file with scalar parameters whose body
// declares scalar locals with initializers and returns is inlined into the
// nest: the returned expression with the arguments, converted to the
// parameters' types, in place of the parameters, and the locals'
// initializers in place of the locals (nested calls too). The dependence analysis then sees through
// an index helper. Other functions are still refused, with the hint.
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cu
// RUN: %c2cuda-check --size n=37,m=29 --trials 2 --random-schedules 2 %s | FileCheck %s --check-prefix=ORACLE
// RUN: not %c2cuda -q %S/Inputs/inline-calls-refused.c -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error:
#include <math.h>

float sigmoid(float x) { return 1.0f / (1.0f + expf(-x)); }
float clampf(float v, float lo, float hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}
double sq(double x) {
  const double t = x;
  return t * t;
}
int idx(int i, int j, int m) { return i * m + j; }

void act(int n, int m, const float *x, float *y, double *z) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      y[idx(i, j, m)] = clampf(sigmoid(x[idx(i, j, m)]), 0.1f, 0.9f);
      z[idx(i, j, m)] = sq(x[idx(i, j, m)] + 1);
    }
}

// REMARK: remark: mapped j -> x, i -> y (2-D grid, block 32x8)
// CHECK: {{^ +}}z[(long long)i * (long long)m + j] = (double)(x[(long long)i * (long long)m + j] + (float)1) * (double)(x[(long long)i * (long long)m + j] + (float)1);{{$}}
// CHECK: {{^ +}}y[(long long)i * (long long)m + j] = 1.0f / (1.0f + expf(-x[(long long)i * (long long)m + j])) < 0.100000001f ? 0.100000001f : {{.*}};{{$}}
// ORACLE: {{^}}CHECK act PASS sched=2{{.*}}
// ERR: {{^}}{{.*}}inline-calls-refused.c:4:3: error: 'clip' returns inside a loop or a branch that goes on: it cannot be inlined into an offloaded nest{{$}}
// ERR-NEXT: {{^}}    4 |   if (x > 1.0f){{$}}
// ERR: {{^}}{{.*}}inline-calls-refused.c:10:34: error: 'down' calls itself: it cannot be inlined into an offloaded nest{{$}}
