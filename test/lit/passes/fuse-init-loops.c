// FuseInitLoops fuses the nest that zeroes y into the nest after it, which
// accumulates into y, so that one thread sets and updates each y[i].
// RUN: %c2cuda-opt %s -passes= | FileCheck %s --check-prefix=BEFORE
// RUN: %c2cuda-opt %s -passes=FuseInitLoops 2>&1 | FileCheck %s

void rowsum(int n, int m, const float *A, float *y) {
#pragma scop
  for (int i = 0; i < n; i++)
    y[i] = 0.0f;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      y[i] += A[i * m + j];
#pragma endscop
}

// BEFORE: {{^}}  nest 0 at {{.*}}fuse-init-loops.c:8:3 {{{$}}
// BEFORE: {{^}}  nest 1 at {{.*}}fuse-init-loops.c:10:3 {{{$}}

// CHECK:      {{^}}  nest 0 at {{.*}}fuse-init-loops.c:8:3 {{{$}}
// CHECK-NEXT: {{^}}    for (int i = 0; i < n; ++i) {{{$}}
// CHECK-NEXT: {{^}}      y[i] = 0.0f;{{$}}
// CHECK-NEXT: {{^}}      for (int j = 0; j < m; ++j) {{{$}}
// CHECK-NEXT: {{^}}        y[i] += A[i * m + j];{{$}}
// CHECK-NOT: nest 1
// CHECK: remark: fused the loops 'i' (line 8) and 'i' (line 10): each iteration sets the elements the same iteration of the second then updates
