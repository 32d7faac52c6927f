// A parallel loop whose body holds a loop beside other statements is
// distributed when a part then runs more loops in parallel: an elimination
// step (`A[i][k] /= A[k][k]; for j: A[i][j] -= A[i][k] * A[k][j]`) gets a
// kernel over i and one over (i, j), coalesced along j, instead of one
// thread per row walking j. Not where no part gains (an accumulator
// zeroed before its row's sum keeps one loop in parallel either way).
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not="single thread"
// RUN: %c2cuda-check %s --size n=19,m=7 --trials 2 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size n=1,m=2 --trials 1 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}

void lu(int n, double A[n][n]) {
#pragma scop
  for (int k = 0; k < n; k++)
    for (int i = k + 1; i < n; i++) {
      A[i][k] /= A[k][k] + n; // Kept small: random inputs, no pivoting.
      for (int j = k + 1; j < n; j++)
        A[i][j] -= A[i][k] * A[k][j];
    }
#pragma endscop
}

// CHECK: distribute-parallel.c:[[@LINE-8]]:5: remark: distributed loop 'i' into 2 loops, so that some of its statements run more loops in parallel
// CHECK: distribute-parallel.c:[[@LINE-9]]:5: remark: mapped i -> x (1-D grid, block 256)
// CHECK: distribute-parallel.c:[[@LINE-10]]:5: remark: mapped j -> x, i -> y (2-D grid, block 32x8)

void rowsum(int n, int m, const float A[n][m], float y[n]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    y[i] = 0.0f;
    for (int j = 0; j < m; j++)
      y[i] += A[i][j];
  }
#pragma endscop
}

// CHECK-NOT: remark: distributed loop
// ORACLE-COUNT-2: {{^}}CHECK {{[a-z_]+}} PASS
