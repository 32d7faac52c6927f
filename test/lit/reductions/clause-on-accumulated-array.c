// A reduction clause names the array the user accumulates into; when
// restructuring keeps the element in a scalar across the loop (c2c_acc_y),
// the clause still covers it: no warning that it matches nothing, no
// advice to name the internal scalar, and the reduction runs over the lanes
// of a block.
void mv(int M, int N, const float *A, const float *x, float *y) {
#pragma c2cuda kernel reduction(+: y)
  for (int i = 0; i < M; i++) {
    y[i] = 0.0f;
    for (int j = 0; j < N; j++)
      y[i] += A[i * N + j] * x[j];
  }
}
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=c2c_acc_y
// RUN: %c2cuda-check %s --size M=19,N=70 --trials 2 | FileCheck --check-prefix=ORACLE %s
// CHECK: {{^}}{{.*}}clause-on-accumulated-array.c:10:5: remark: 'y[i]' is accumulated in a register across 'j' (from the assignment before the loop, stored after it){{$}}
// CHECK: {{^}}{{.*}}clause-on-accumulated-array.c:8:3: remark: mapped i -> blocks {{.*}} into y (allowed by 'reduction(+: y)'){{$}}
// ORACLE: {{^}}CHECK mv PASS
