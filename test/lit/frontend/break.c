// A 'break' in a loop whose iterator it declares: a flag, clear before the
// loop, set where the loop breaks; every later iteration finds it set and
// does nothing (NestBuilder). The loop carries the flag, so it runs in order
// in each thread; loops around it stay parallel. The arrays it reads along
// its iterator need their extent from declared dimensions or a clause: the
// loop may stop before its bound, short of what the bound implies.
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid 2>/dev/null | FileCheck %s
// RUN: %c2cuda-check %s --size n=300,m=40 --trials 3 --random-schedules 3 --array-size x=340,y=300,idx=1 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// ORACLE-COUNT-3: {{^}}CHECK {{[a-z_]+}} PASS
// ORACLE-NOT: FAIL
// RUN: %c2cuda -q %s -o %t.cu
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}

// The first element of each row above t.
void first_above(int n, int m, const float A[n][m], float t, int pos[n]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    pos[i] = -1;
    for (int j = 0; j < m; j++) {
      if (A[i][j] > t) {
        pos[i] = j;
        break;
      }
    }
  }
#pragma endscop
}
// CHECK-LABEL: {{^}}  kernel 0 first_above_kernel0 (nest 0) block(256,1,1) {{{$}}
// CHECK-NEXT:  {{^}}    grid.x: i = 0 + t * 1, t < {{.*}}{{$}}
// CHECK-NEXT:  {{^}}    pos[i] = -1;{{$}}
// CHECK-NEXT:  {{^}}    int c2c_break0 = 0;{{$}}
// CHECK-NEXT:  {{^}}    for (int j = 0; j < m; ++j) {{{$}}
// CHECK-NEXT:  {{^}}      if (!c2c_break0) {{{$}}
// CHECK-NEXT:  {{^}}        if (A[i][j] > t) {{{$}}
// CHECK-NEXT:  {{^}}          pos[i] = j;{{$}}
// CHECK-NEXT:  {{^}}          c2c_break0 = 1;{{$}}

// A running sum that stops past a cap; x's extent by a clause.
// gpu-check: x[n+m] y[n]
void capped_sum(int n, int m, const float *x, float *y) {
#pragma c2cuda kernel extent(x: n + m)
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int k = 0; k < m; k++) {
      s += x[i + k];
      if (s > 3.0f)
        break;
      s *= 1.01f;
    }
    y[i] = s;
  }
}
// CHECK-LABEL: {{^}}  kernel 0 capped_sum_kernel0 (nest 0) block(256,1,1) {{{$}}
// CHECK:       {{^}}      if (!c2c_break0) {{{$}}
// CHECK-NEXT:  {{^}}        s += x[i + k];{{$}}
// CHECK-NEXT:  {{^}}        if (s > 3.0f) {{{$}}
// CHECK-NEXT:  {{^}}          c2c_break0 = 1;{{$}}
// CHECK-NEXT:  {{^}}        } else {{{$}}
// CHECK-NEXT:  {{^}}          s *= 1.00999999f;{{$}}

// A search with nothing around it runs in order, in one thread.
// gpu-check: x[n] idx[1]
void find_first(int n, const float *x, float t, int *idx) {
#pragma c2cuda kernel extent(x: n)
  for (int i = 0; i < n; i++) {
    if (x[i] > t) {
      idx[0] = i;
      break;
    }
  }
}
// CHECK-LABEL: {{^}}  kernel 0 find_first_kernel0 (nest 0) block(1,1,1) {{{$}}
// CHECK-NEXT:  {{^}}    single thread{{$}}
// CHECK-NEXT:  {{^}}    int c2c_break0 = 0;{{$}}
