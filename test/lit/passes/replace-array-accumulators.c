// ReplaceArrayAccumulators keeps y[i], accumulated across the j loop, in a
// scalar loaded before the loop and stored after it. Legal here because y
// is declared with n elements and i runs from 0 to n.
// RUN: %c2cuda-opt %s -passes= | FileCheck %s --check-prefix=BEFORE
// RUN: %c2cuda-opt %s -passes=ReplaceArrayAccumulators 2>&1 | FileCheck %s

void gemv(int n, int m, const float A[n][m], const float x[m], float y[n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      y[i] += A[i][j] * x[j];
}

// BEFORE:      {{^}}      for (int j = 0; j < m; ++j) {{{$}}
// BEFORE-NEXT: {{^}}        y[i] += A[i][j] * x[j];{{$}}

// CHECK:      {{^}}    for (int i = 0; i < n; ++i) {{{$}}
// CHECK-NEXT: {{^}}      float c2c_acc_y = y[i];{{$}}
// CHECK-NEXT: {{^}}      for (int j = 0; j < m; ++j) {{{$}}
// CHECK-NEXT: {{^}}        c2c_acc_y += A[i][j] * x[j];{{$}}
// CHECK-NEXT: {{^}}      }{{$}}
// CHECK-NEXT: {{^}}      y[i] = c2c_acc_y;{{$}}
// CHECK: remark: 'y[i]' is accumulated in a register across 'j' (loaded before the loop, stored after it)
