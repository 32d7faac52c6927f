// The wavefront of an in-place stencil whose array is a pointer indexed
// a[i*n + j]: the skewed nest computes j as wave - 2*t - i, so i's stride in
// the index is n - 1. Delinearization took n - 1 for a row and could not
// place -i + wave - 2*t in it: no extent ("cannot infer how many
// elements"), and with an extent clause a one-thread kernel after the remark
// that t and i run in parallel. A stride with a constant part now splits
// into its row and columns (Delinearize.cpp) when that puts every subscript
// within its row.
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not="single thread"
// RUN: %c2cuda-check %s --size T=5,n=37 --trials 2 --random-schedules 3 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
void gs(int T, int n, float *a) { // gpu-check: a[n*n]
#pragma c2cuda kernel
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        a[i * n + j] = (a[(i - 1) * n + j] + a[(i + 1) * n + j] +
                        a[i * n + j - 1] + a[i * n + j + 1] + a[i * n + j]) *
                       0.2f;
}

// CHECK: wavefront-linearized.c:14:3: remark: skewed the loops into a wavefront: no loop of the nest can run in parallel, but the iterations with equal 2*t + i + j (loop 'wave', in order) can; loops 't', 'i' now run in parallel, 'j' is computed
// CHECK: wavefront-linearized.c:14:3: remark: mapped i -> x, t -> y (2-D grid, block 32x8)
// ORACLE-COUNT-4: {{^}}CHECK gs PASS
