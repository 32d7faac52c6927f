// Malformed tiling clauses (tile, shared, pad, vector, pipeline) are refused
// when the pragma is parsed, with an error at the clause, exit status 1 and
// no output file. Whether the named loops and arrays can be tiled is the
// lowering's business, not the parser's.
void f(int n, float *A, const float *B) {
#pragma c2cuda kernel tile(i: 0)
  for (int i = 0; i < n; i++)
    A[i] = 1.0f;
#pragma c2cuda kernel tile(i: 64, i: 32)
  for (int i = 0; i < n; i++)
    A[i] = 2.0f;
#pragma c2cuda kernel tile(64)
  for (int i = 0; i < n; i++)
    A[i] = 3.0f;
#pragma c2cuda kernel tile(i: 8
  for (int i = 0; i < n; i++)
    A[i] = 4.0f;
#pragma c2cuda kernel vector(i: 3)
  for (int i = 0; i < n; i++)
    A[i] = 5.0f;
#pragma c2cuda kernel vector(i: 0)
  for (int i = 0; i < n; i++)
    A[i] = 6.0f;
#pragma c2cuda kernel shared(B, B)
  for (int i = 0; i < n; i++)
    A[i] = B[i];
#pragma c2cuda kernel shared(C)
  for (int i = 0; i < n; i++)
    A[i] = B[i];
#pragma c2cuda kernel shared(n)
  for (int i = 0; i < n; i++)
    A[i] = B[i];
#pragma c2cuda kernel shared()
  for (int i = 0; i < n; i++)
    A[i] = B[i];
#pragma c2cuda kernel pad(33)
  for (int i = 0; i < n; i++)
    A[i] = 7.0f;
#pragma c2cuda kernel pad(-1)
  for (int i = 0; i < n; i++)
    A[i] = 8.0f;
#pragma c2cuda kernel pad(1) pad(2)
  for (int i = 0; i < n; i++)
    A[i] = 9.0f;
#pragma c2cuda kernel pipeline(4)
  for (int i = 0; i < n; i++)
    A[i] = 10.0f;
#pragma c2cuda kernel pipeline(0)
  for (int i = 0; i < n; i++)
    A[i] = 11.0f;
#pragma c2cuda kernel pipeline 2
  for (int i = 0; i < n; i++)
    A[i] = 12.0f;
#pragma c2cuda kernel tile(i: 32) shared(B) tile(i: 64)
  for (int i = 0; i < n; i++)
    A[i] = B[i];
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:6:31: error: clause 'tile' takes positive integer constants{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:6:31: note: write it as 'tile(i: 64, j: 64, k: 8)'{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:9:35: error: loop 'i' appears twice in clause 'tile'{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:9:35: note: give each loop one factor{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:12:28: error: expected a loop iterator in clause 'tile'{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:12:28: note: write it as 'tile(i: 64, j: 64, k: 8)'{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:15:31: error: expected ')' in clause 'tile'{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:15:31: note: write it as 'tile(i: 64, j: 64, k: 8)'{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:18:33: error: vector width 3 for loop 'i' is not 1, 2 or 4{{$}}
// CHECK-NEXT: {{^}}   18 | #pragma c2cuda kernel vector(i: 3){{$}}
// CHECK-NEXT: {{^}}      |                                 ^{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:18:33: note: CUDA loads and stores at most 16 bytes at once (float4); write e.g. 'vector(i: 4)'{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:21:33: error: clause 'vector' takes positive integer constants{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:21:33: note: write it as 'vector(i: 4)'{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:24:33: error: array 'B' appears twice in 'shared'{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:24:33: note: name each array once{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:27:30: error: 'C' in clause 'shared' is not an array parameter of 'f'{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:27:30: note: name a pointer or array parameter of the function{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:30:30: error: 'n' in clause 'shared' is not an array parameter of 'f'{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:30:30: note: name a pointer or array parameter of the function{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:33:30: error: expected an array name in clause 'shared'{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:33:30: note: write it as 'shared(A, B)'{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:36:23: error: pad(33) is outside the 0..32 elements a shared tile row may be padded by{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:36:23: note: choose a padding from 0 to 32, e.g. 'pad(1)'{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:39:27: error: clause 'pad' takes an integer constant from 0 to 32{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:39:27: note: write it as 'pad(1)'{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:42:30: error: clause 'pad' appears more than once{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:42:30: note: merge the clauses into one{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:45:23: error: pipeline(4) is not 1 (single-buffered), 2 (the next strip staged in registers) or 3 (and two shared buffers){{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:45:23: note: write 'pipeline(2)' to load the next strip while computing the current one{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:48:23: error: pipeline(0) is not 1 (single-buffered), 2 (the next strip staged in registers) or 3 (and two shared buffers){{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:48:23: note: write 'pipeline(2)' to load the next strip while computing the current one{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:51:32: error: expected '(' in clause 'pipeline'{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:51:32: note: write it as 'pipeline(2)'{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:54:45: error: clause 'tile' appears more than once{{$}}
// CHECK: {{^}}{{.*}}tiling-clauses-errors.c:54:45: note: merge the clauses into one{{$}}
