// --schedule FILE.json: the file's entry replaces the pragma's schedule
// clauses (with a warning); a bad file is an error naming the file and key.
void matmul(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma c2cuda kernel block(16, 16)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += A[i * K + k] * B[k * N + j];
      C[i * N + j] = s;
    }
}

// RUN: %c2cuda %s -q --schedule %S/Inputs/matmul.json -o %t.cu 2>%t.err
// RUN: FileCheck %s < %t.cu
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// CHECK-LABEL: {{^}}// Schedule: map(j: x, i: y) block(32, 8) thread(i: 2) unroll(k: 4) maxrregcount(64){{$}}
// CHECK-NEXT: {{^}}__global__ void __launch_bounds__(256, 4) matmul_kernel0(
// CHECK: {{^}}      #pragma unroll 4{{$}}
// CHECK: c2c_grid_dim(c2c_trip_y, 8u * 2u, 65535LL)
// WARN: {{^}}{{.*}}file.c:4:1: warning: the schedule from {{.*}}matmul.json: matmul[0] replaces the clauses 'block(16, 16)' of this nest{{$}}

// RUN: rm -f %t.bad.cu
// RUN: not %c2cuda %s --schedule %S/Inputs/bad-key.json -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=KEY --implicit-check-not=error:
// RUN: not %c2cuda %s -q --schedule %S/Inputs/bad-block.json -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=BLOCK --implicit-check-not=error:
// RUN: not %c2cuda %s -q --schedule %S/Inputs/bad-loop.json -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=LOOP --implicit-check-not=error:
// RUN: not %c2cuda %s -q --schedule %S/Inputs/bad-nest.json -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=NEST --implicit-check-not=error:
// RUN: not %c2cuda %s -q --schedule %S/Inputs/missing.json -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=MISSING --implicit-check-not=error:
// RUN: test ! -e %t.bad.cu
// KEY: error: schedule file '{{.*}}bad-key.json': matmul[0]: unknown key 'blok' (known: nest, map, block, thread, unroll, maxrregcount, tile, shared, pad, vector, pipeline, async, lanes, split){{$}}
// BLOCK: error: schedule file '{{.*}}bad-block.json': matmul[1]: block of 2048 threads exceeds the CUDA limit of 1024{{$}}
// LOOP: {{^}}{{.*}}file.c:4:1: error: loop 'q' in clause 'unroll' (from {{.*}}bad-loop.json: matmul[0]) is not a loop run inside each thread{{$}}
// NEST: error: schedule file entry {{.*}}bad-nest.json: matmul[0]: function 'matmul' has no nest 3{{$}}
// NEST: error: schedule file '{{.*}}bad-nest.json': 'other' is not a function with a nest in '{{.*}}file.c'{{$}}
// MISSING: error: schedule file '{{.*}}missing.json': cannot read it: {{.*}}{{$}}
