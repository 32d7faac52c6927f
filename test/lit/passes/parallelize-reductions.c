// ParallelizeReductions: the sum over the mapped loop i, allowed by the
// clause, becomes an atomic update of the scalar result.
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid | FileCheck %s --check-prefix=BEFORE
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid,ParallelizeReductions 2>&1 | FileCheck %s

void dot(int n, const float *x, const float *y, float *out) {
  float s = 0.0f;
#pragma c2cuda kernel reduction(+: s)
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  *out = s;
}

// BEFORE:      {{^}}    grid.x: i = 0 + t * 1, t < {{.*}}{{$}}
// BEFORE-NEXT: {{^}}    s += x[i] * y[i];{{$}}

// CHECK:      {{^}}    grid.x: i = 0 + t * 1, t < {{.*}}{{$}}
// CHECK-NEXT: {{^}}    atomic s += x[i] * y[i];{{$}}
// CHECK: remark: reduction over i into s (+) runs with atomic updates (allowed by 'reduction(+: s)')
