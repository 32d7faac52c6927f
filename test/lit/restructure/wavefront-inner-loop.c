// A wavefront around a loop that runs whole within one iteration: the
// best split of every interval [i, j] (a Nussinov-like dynamic program)
// reads shorter intervals only, so the intervals of one length, j - i, are
// independent. The inner loop over the split point k stays in each
// iteration, in its order; isl checks the schedule (wave, then the
// statements and the inner loop as written) against every dependence.
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %c2cuda-check %s --size n=23 --trials 2 --random-schedules 3 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size n=1 --trials 1 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
#include <math.h>


void best_split(int n, const float w[n], float T[n][n]) {
#pragma c2cuda kernel
  for (int i = n - 1; i >= 0; i--)
    for (int j = i + 1; j < n; j++) {
      float best = T[i][j];
      for (int k = i; k < j; k++)
        best = fmaxf(best, T[i][k] + T[k + 1][j]);
      T[i][j] = best + w[i] * w[j];
    }
}

// CHECK: wavefront-inner-loop.c:[[@LINE-9]]:3: remark: skewed the loops into a wavefront: no loop of the nest can run in parallel, but the iterations with equal -i + j (loop 'wave', in order) can; loop 'i' now runs in parallel, 'j' is computed
// CHECK: wavefront-inner-loop.c:[[@LINE-10]]:3: remark: mapped i -> x (1-D grid, block 256)

// No wavefront where the inner loop reads the whole next row: iteration
// (i, j) needs (i + 1, k) for every k >= j, which no plane a*i + j puts
// before it. Left as written, and the oracle agrees.
void whole_row(int n, float T[n][n]) {
#pragma c2cuda kernel
  for (int i = n - 2; i >= 0; i--)
    for (int j = 1; j < n; j++) {
      for (int k = j; k < n; k++)
        T[i][j] += T[i][j - 1] * T[i + 1][k];
      T[i][j] *= 0.5f;
    }
}

// CHECK-NOT: remark: skewed
// CHECK: wavefront-inner-loop.c:[[@LINE-9]]:3: remark: no parallel loop: T[i][j] (written at {{.*}}wavefront-inner-loop.c:[[@LINE-6]]:9) and T[i + 1][k] (read at {{.*}}wavefront-inner-loop.c:[[@LINE-6]]:34) may touch the same element in different iterations of 'i'; runs as a single thread
// ORACLE-COUNT-2: {{^}}CHECK {{[a-z_]+}} PASS
