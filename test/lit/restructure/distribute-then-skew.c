// RestructureNests runs a second round over what its first made: a
// Gauss-Seidel sweep that also copies each new value into another array
// is first distributed (the copy runs in parallel on its own), and the
// in-place sweep left behind then becomes a wavefront (it ran as one
// thread after the distribution).
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s
// RUN: %c2cuda-check %s --size n=29 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL

void gs_copy(int n, double u[n][n], double v[n][n]) {
#pragma scop
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++) {
      u[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
      v[i][j] = u[i][j];
    }
#pragma endscop
}

// CHECK: {{^}}{{.*}}distribute-then-skew.c:11:3: remark: distributed loop 'i' into 2 loops, so that the statements that can run in parallel do{{$}}
// CHECK: {{^}}{{.*}}distribute-then-skew.c:11:3: remark: skewed the loops into a wavefront: no loop of the nest can run in parallel, but the iterations with equal i + j
// CHECK: {{^}}{{.*}}distribute-then-skew.c:11:3: remark: mapped i -> x (1-D grid, block 256){{$}}
// CHECK: {{^}}{{.*}}distribute-then-skew.c:11:3: remark: mapped j -> x, i -> y (2-D grid, block 32x8){{$}}
// CHECK-NOT: single thread

// ORACLE: {{^}}CHECK gs_copy PASS sched=default
// ORACLE: {{^}}CHECK gs_copy PASS sched=2
