// Malformed schedule clauses are refused when the pragma is parsed, with an
// error at the clause, exit status 1 and no output file.
void f(int n, int m, float *A) {
#pragma c2cuda kernel maxrregcount(8)
  for (int i = 0; i < n; i++)
    A[i] = 3.0f;
#pragma c2cuda kernel map(i: x, j: x)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i * m + j] = 5.0f;
#pragma c2cuda kernel thread(i: 0)
  for (int i = 0; i < n; i++)
    A[i] = 6.0f;
#pragma c2cuda kernel map(i: w)
  for (int i = 0; i < n; i++)
    A[i] = 7.0f;
#pragma c2cuda kernel unroll(i: 2) unroll(i: 4)
  for (int i = 0; i < n; i++)
    A[i] = 8.0f;
#pragma c2cuda kernel tile(i: 8) vectorize(4)
  for (int i = 0; i < n; i++)
    A[i] = 9.0f;
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}illegal.c:4:23: error: maxrregcount(8) is outside the 16..255 registers a thread may have{{$}}
// CHECK: {{^}}{{.*}}illegal.c:4:23: note: choose a limit from 16 to 255, e.g. 'maxrregcount(64)'{{$}}
// CHECK: {{^}}{{.*}}illegal.c:7:33: error: grid dimension 'x' appears twice in 'map'{{$}}
// CHECK: {{^}}{{.*}}illegal.c:11:33: error: clause 'thread' takes positive integer constants{{$}}
// CHECK: {{^}}{{.*}}illegal.c:14:30: error: clause 'map' maps loops to grid dimensions x, y or z{{$}}
// CHECK: {{^}}{{.*}}illegal.c:17:36: error: clause 'unroll' appears more than once{{$}}
// 'tile' is a clause (tiling-clauses.c); 'vectorize' is not ('vector' is).
// CHECK: {{^}}{{.*}}illegal.c:20:34: error: unknown clause 'vectorize' in '#pragma c2cuda kernel'{{$}}
