// Schedules that parse but do not fit the nest: refused when it is lowered,
// with an error naming the clause at its location, exit 1, no output file.
void f(int n, int m, float A[64][64], float V[64], float s[64]) {
#pragma c2cuda kernel map(k: x)
  for (int i = 0; i < n; i++)
    V[i] = 0.0f;
#pragma c2cuda kernel map(i: x)
  for (int i = 1; i < n; i++)
    V[i] = V[i - 1] + 1.0f;
#pragma c2cuda kernel map(j: y)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = 1.0f;
#pragma c2cuda kernel thread(j: 2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s[i] += A[i][j];
#pragma c2cuda kernel unroll(i: 4)
  for (int i = 0; i < n; i++)
    V[i] = 2.0f;
#pragma c2cuda kernel block(1024) maxrregcount(128)
  for (int i = 0; i < n; i++)
    V[i] = 4.0f;
#pragma c2cuda kernel map(i: x)
  for (int i = 0; i < n; i++)
    for (int j = i; j < m; j++)
      A[i][j] = 5.0f;
#pragma c2cuda kernel map(j: x)
  for (int i = 0; i < n; i++)
    for (int j = i / 2; j < m; j++)
      A[i][j] = 5.0f;
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -q -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// Per kernel, while mapping:
// CHECK: {{^}}{{.*}}illegal-lowering.c:21:35: error: maxrregcount(128) with blocks of 1024 threads needs 131072 registers per block, more than the 65536 an SM has{{$}}
// Per nest, once all its kernels are mapped:
// CHECK: {{^}}{{.*}}illegal-lowering.c:4:23: error: loop 'k' in clause 'map' cannot be mapped to the grid: it is not a loop of this nest{{$}}
// CHECK: {{^}}{{.*}}illegal-lowering.c:7:23: error: loop 'i' in clause 'map' cannot be mapped to the grid: it is not parallel: {{.+}}{{$}}
// CHECK: {{^}}{{.*}}illegal-lowering.c:10:23: error: clause 'map(j: y)' leaves a grid dimension out: map loops to x, then y, then z{{$}}
// CHECK: {{^}}{{.*}}illegal-lowering.c:14:23: error: loop 'j' in clause 'thread' is not mapped to the grid{{$}}
// CHECK: {{^}}{{.*}}illegal-lowering.c:14:23: note: thread coarsening applies to mapped loops; mapped here: i{{$}}
// CHECK: {{^}}{{.*}}illegal-lowering.c:18:23: error: loop 'i' in clause 'unroll' is not a loop run inside each thread{{$}}
// CHECK: {{^}}{{.*}}illegal-lowering.c:28:23: error: loop 'j' in clause 'map' cannot be mapped to the grid: it is not in the nest's mappable band {{.*}}{{$}}
