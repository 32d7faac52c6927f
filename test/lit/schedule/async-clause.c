// async(N): the shared tiles filled by asynchronous copies with N buffers
// each. Its value (2, 3 or 4), its place once per pragma and its exclusion
// of pipeline(2) and pipeline(3) are checked when the pragma is parsed, at
// the clause, with exit status 1 and no output file; the same key in a
// schedule file is checked as the clause is (errors name file and key).
// Whether the nest can take it (shared tiles, a strip-mined loop) is the
// lowering's business.
#ifndef FILE
void f(int n, float *A, const float *B) {
#pragma c2cuda kernel async(5)
  for (int i = 0; i < n; i++)
    A[i] = 1.0f;
#pragma c2cuda kernel async(0)
  for (int i = 0; i < n; i++)
    A[i] = 2.0f;
#pragma c2cuda kernel tile(i: 64) shared(B) async(3) pipeline(2)
  for (int i = 0; i < n; i++)
    A[i] = B[i];
#pragma c2cuda kernel pipeline(3) tile(i: 64) shared(B) async(4)
  for (int i = 0; i < n; i++)
    A[i] = B[i];
#pragma c2cuda kernel async(3) tile(i: 64) shared(B) async(2)
  for (int i = 0; i < n; i++)
    A[i] = B[i];
#pragma c2cuda kernel async(x)
  for (int i = 0; i < n; i++)
    A[i] = 3.0f;
#pragma c2cuda kernel async 3
  for (int i = 0; i < n; i++)
    A[i] = 4.0f;
// No error: pipeline(1) (single-buffered, the default) goes with async.
#pragma c2cuda kernel tile(i: 64) shared(B) pipeline(1) async(2)
  for (int i = 0; i < n; i++)
    A[i] = B[i];
}
#else
void matmul(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma c2cuda kernel
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += A[i * K + k] * B[k * N + j];
      C[i * N + j] = s;
    }
}
#endif

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}async-clause.c:10:23: error: async(5): the number of buffers of each shared tile, filled by asynchronous copies, must be 2, 3 or 4{{$}}
// CHECK-NEXT: {{^}}   10 | #pragma c2cuda kernel async(5){{$}}
// CHECK-NEXT: {{^}}      |                       ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}async-clause.c:10:23: note: write e.g. 'async(3)' to copy the next strips while computing the current one{{$}}
// CHECK: {{^}}{{.*}}async-clause.c:13:23: error: async(0): the number of buffers of each shared tile, filled by asynchronous copies, must be 2, 3 or 4{{$}}
// CHECK: {{^}}{{.*}}async-clause.c:13:23: note: write e.g. 'async(3)' to copy the next strips while computing the current one{{$}}
// CHECK: {{^}}{{.*}}async-clause.c:16:45: error: async(3) copies the next strips without registers; it replaces pipeline(2){{$}}
// CHECK: {{^}}{{.*}}async-clause.c:16:45: note: leave out pipeline(...){{$}}
// CHECK: {{^}}{{.*}}async-clause.c:19:57: error: async(4) copies the next strips without registers; it replaces pipeline(3){{$}}
// CHECK: {{^}}{{.*}}async-clause.c:19:57: note: leave out pipeline(...){{$}}
// CHECK: {{^}}{{.*}}async-clause.c:22:54: error: clause 'async' appears more than once{{$}}
// CHECK: {{^}}{{.*}}async-clause.c:22:54: note: merge the clauses into one{{$}}
// CHECK: {{^}}{{.*}}async-clause.c:25:29: error: clause 'async' takes an integer constant from 2 to 4{{$}}
// CHECK: {{^}}{{.*}}async-clause.c:25:29: note: write it as 'async(3)'{{$}}
// CHECK: {{^}}{{.*}}async-clause.c:28:29: error: expected '(' in clause 'async'{{$}}
// CHECK: {{^}}{{.*}}async-clause.c:28:29: note: write it as 'async(3)'{{$}}

// RUN: not %c2cuda %s -q -D FILE --schedule %S/Inputs/bad-tiling-async.json -o %t.cu 2>&1 | FileCheck %s --check-prefix=FILE --implicit-check-not=error:
// RUN: not %c2cuda %s -q -D FILE --schedule %S/Inputs/bad-tiling-async-pipeline.json -o %t.cu 2>&1 | FileCheck %s --check-prefix=FILE-PIPELINE --implicit-check-not=error:
// RUN: test ! -e %t.cu
// FILE: {{^}}c2cuda: error: schedule file '{{.*}}bad-tiling-async.json': matmul[0]: async(7): the number of buffers of each shared tile, filled by asynchronous copies, must be 2, 3 or 4{{$}}
// FILE-PIPELINE: {{^}}c2cuda: error: schedule file '{{.*}}bad-tiling-async-pipeline.json': matmul[0]: async(2) copies the next strips without registers; it replaces pipeline(3){{$}}
