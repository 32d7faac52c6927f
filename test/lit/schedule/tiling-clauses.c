// The tiling clauses tile, shared, pad, vector and pipeline parse, in any
// order and with commas between clauses, into the nest's schedule. Here a
// schedule file replaces them, and the warning that says so prints the
// parsed schedule in its canonical clause syntax. The same keys in a
// schedule file are checked as the clauses are (errors name file and key).
void matmul(int M, int N, int K, const float *A, const float B[K][N],
            float *C) {
#pragma c2cuda kernel pipeline(2), vector(j: 4) shared(B, A) pad(1) tile(k: 8, j: 64, i: 64) block(16, 16) thread(i: 4, j: 4)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += A[i * K + k] * B[k][j];
      C[i * N + j] = s;
    }
}

// RUN: %c2cuda %s -q --schedule %S/Inputs/tiling-plain.json -o %t.cu 2>%t.err
// RUN: FileCheck %s --check-prefix=WARN --implicit-check-not=warning: --implicit-check-not=error: < %t.err
// RUN: FileCheck %s < %t.cu
// WARN: {{^}}{{.*}}tiling-clauses.c:8:1: warning: the schedule from {{.*}}tiling-plain.json: matmul[0] replaces the clauses 'block(16, 16) thread(i: 4, j: 4) tile(i: 64, j: 64, k: 8) shared(B, A) pad(1) vector(j: 4) pipeline(2)' of this nest{{$}}
// CHECK-LABEL: {{^}}// Schedule: map(j: x, i: y) block(32, 8){{$}}
// CHECK-NEXT: {{^}}__global__ void __launch_bounds__(256) matmul_kernel0(

// RUN: rm -f %t.bad.cu
// RUN: not %c2cuda %s -q --schedule %S/Inputs/bad-tiling-tile.json -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=TILE --implicit-check-not=error:
// RUN: not %c2cuda %s -q --schedule %S/Inputs/bad-tiling-vector.json -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=VECTOR --implicit-check-not=error:
// RUN: not %c2cuda %s -q --schedule %S/Inputs/bad-tiling-shared.json -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=SHARED --implicit-check-not=error:
// RUN: not %c2cuda %s -q --schedule %S/Inputs/bad-tiling-pad.json -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=PAD --implicit-check-not=error:
// RUN: not %c2cuda %s -q --schedule %S/Inputs/bad-tiling-pipeline.json -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=PIPELINE --implicit-check-not=error:
// RUN: test ! -e %t.bad.cu
// TILE: {{^}}c2cuda: error: schedule file '{{.*}}bad-tiling-tile.json': matmul[0]: 'tile.i' must be a positive integer{{$}}
// VECTOR: {{^}}c2cuda: error: schedule file '{{.*}}bad-tiling-vector.json': matmul[0]: vector width 3 for loop 'j' is not 1, 2 or 4{{$}}
// SHARED: {{^}}c2cuda: error: schedule file '{{.*}}bad-tiling-shared.json': matmul[0]: array 'A' appears twice in 'shared'{{$}}
// PAD: {{^}}c2cuda: error: schedule file '{{.*}}bad-tiling-pad.json': matmul[0]: pad(40) is outside the 0..32 elements a shared tile row may be padded by{{$}}
// PIPELINE: {{^}}c2cuda: error: schedule file '{{.*}}bad-tiling-pipeline.json': matmul[0]: pipeline(4) is not 1 (single-buffered), 2 (the next strip staged in registers) or 3 (and two shared buffers){{$}}
