// A 'continue' that ends a branch of an 'if' in a loop's body: the
// statements after the 'if' run in its other branch (NestBuilder), so the
// nest maps as if the user had guarded them.
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid 2>/dev/null | FileCheck %s
#include <math.h>

// gpu-check: x[n] y[n]
void skipneg(int n, const float *x, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    if (x[i] < 1.0f)
      continue;
    y[i] = sqrtf(x[i]);
  }
}

// CHECK-LABEL: {{^}}  kernel 0 skipneg_kernel0 (nest 0) block(256,1,1) {{{$}}
// CHECK-NEXT:  {{^}}    grid.x: i = 0 + t * 1, t < {{.*}}{{$}}
// CHECK-NEXT:  {{^}}    if (!(x[i] < 1.0f)) {{{$}}
// CHECK-NEXT:  {{^}}      y[i] = sqrtf(x[i]);{{$}}
// CHECK-NEXT:  {{^}}    }{{$}}
// CHECK-NEXT:  {{^}}  }{{$}}

// In an inner loop, from branches of an else-if chain and from a nested
// 'if': each continue skips the rest of its own loop's body only.
// gpu-check: a[n*m] b[n]
void nested(int n, int m, const float *a, float *b) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int j = 0; j < m; j++) {
      float v = a[i * m + j];
      if (v > 1.3f) {
        s += 2.0f;
        continue;
      } else if (v < 0.8f) {
        if (v < 0.65f)
          continue;
        s -= v;
        continue;
      }
      s += v * v;
    }
    b[i] = s;
  }
}

// CHECK-LABEL: {{^}}  kernel 0 nested_kernel0 (nest 0) block(256,1,1) {{{$}}
// CHECK:       {{^}}    for (int j = 0; j < m; ++j) {{{$}}
// CHECK-NEXT:  {{^}}      float v = a[i * m + j];{{$}}
// CHECK-NEXT:  {{^}}      if (v > 1.29999995f) {{{$}}
// CHECK-NEXT:  {{^}}        s += 2.0f;{{$}}
// CHECK-NEXT:  {{^}}      } else {{{$}}
// CHECK-NEXT:  {{^}}        if (v < 0.800000012f) {{{$}}
// CHECK-NEXT:  {{^}}          if (!(v < 0.649999976f)) {{{$}}
// CHECK-NEXT:  {{^}}            s -= v;{{$}}
// CHECK-NEXT:  {{^}}          }{{$}}
// CHECK-NEXT:  {{^}}        } else {{{$}}
// CHECK-NEXT:  {{^}}          s += v * v;{{$}}
// CHECK-NEXT:  {{^}}        }{{$}}
// CHECK-NEXT:  {{^}}      }{{$}}
// CHECK-NEXT:  {{^}}    }{{$}}
// CHECK-NEXT:  {{^}}    b[i] = s;{{$}}

// A continue inside the branch that does not always continue skips the
// statements after the outer 'if' too; the last statement of the body may
// be a plain continue.
// gpu-check: a[n] b[n]
void deep(int n, const float *a, float *b) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    if (a[i] > 1.0f) {
      if (a[i] > 1.4f)
        continue;
      b[i] = 1.0f;
    } else {
      continue;
    }
    b[i] += a[i];
    continue;
  }
}

// CHECK-LABEL: {{^}}  kernel 0 deep_kernel0 (nest 0) block(256,1,1) {{{$}}
// CHECK-NEXT:  {{^}}    grid.x: i = 0 + t * 1, t < {{.*}}{{$}}
// CHECK-NEXT:  {{^}}    if (a[i] > 1.0f) {{{$}}
// CHECK-NEXT:  {{^}}      if (!(a[i] > 1.39999998f)) {{{$}}
// CHECK-NEXT:  {{^}}        b[i] = 1.0f;{{$}}
// CHECK-NEXT:  {{^}}        b[i] += a[i];{{$}}
// CHECK-NEXT:  {{^}}      }{{$}}
// CHECK-NEXT:  {{^}}    }{{$}}
// CHECK-NEXT:  {{^}}  }{{$}}

// The CPU oracle runs the kernels against the C with the default and random
// schedules (the GPU corpus check runs them against the C compiled by gcc).
// RUN: %c2cuda-check %s --size n=300,m=7 --trials 3 --random-schedules 3 --array-size x=300,y=300,a=2100,b=300 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// ORACLE-COUNT-3: {{^}}CHECK {{[a-z]+}} PASS
// ORACLE-NOT: FAIL

// RUN: %c2cuda -q %s -o %t.cu
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
