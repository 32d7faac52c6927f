// ConditionalMinMax writes `if (v > best) best = v;` as a select, which
// the analysis then sees as a max reduction.
// RUN: %c2cuda-opt %s -passes= | FileCheck %s --check-prefix=BEFORE
// RUN: %c2cuda-opt %s -passes=ConditionalMinMax 2>&1 | FileCheck %s

void colmax(int n, int m, const float *a, float *mx) {
#pragma c2cuda kernel
  for (int j = 0; j < m; j++) {
    float best = a[j];
    for (int i = 1; i < n; i++)
      if (a[i * m + j] > best)
        best = a[i * m + j];
    mx[j] = best;
  }
}

// BEFORE:      {{^}}        if (a[i * m + j] > best) {{{$}}
// BEFORE-NEXT: {{^}}          best = a[i * m + j];{{$}}

// CHECK:      {{^}}      for (int i = 1; i < n; ++i) {{{$}}
// CHECK-NEXT: {{^}}        best = a[i * m + j] > best ? a[i * m + j] : best;{{$}}
// CHECK-NEXT: {{^}}      }{{$}}
// CHECK-NOT: if (
// CHECK: remark: a running maximum of 'best': the branch is written as 'best = a[i * m + j] > best ? a[i * m + j] : best', a max reduction
