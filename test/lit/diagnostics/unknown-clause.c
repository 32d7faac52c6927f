void f(int n, float *A) {
#pragma c2cuda kernel block(32) tiles(8)
  for (int i = 0; i < n; i++)
    A[i] = 0.0f;
#pragma c2cuda kernel block(64, 32)
  for (int i = 0; i < n; i++)
    A[i] = 1.0f;
#pragma c2cuda kernel extent(B: n)
  for (int i = 0; i < n; i++)
    A[i] = 2.0f;
#pragma c2cuda kernal
  for (int i = 0; i < n; i++)
    A[i] = 3.0f;
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}unknown-clause.c:11:1: error: unknown pragma '#pragma c2cuda kernal'{{$}}
// CHECK: {{^}}{{.*}}unknown-clause.c:11:1: note: write '#pragma c2cuda kernel [clauses]' before the nest{{$}}
// CHECK: {{^}}{{.*}}unknown-clause.c:2:33: error: unknown clause 'tiles' in '#pragma c2cuda kernel'{{$}}
// CHECK: {{^}}{{.*}}unknown-clause.c:2:33: note: known clauses: block(x[,y[,z]]), extent(A: expr[, B: expr...]), reduction(op: var[, var...]), map(loop: x|y|z, ...), thread(loop: n, ...), unroll(loop: n, ...), maxrregcount(n), tile(loop: n, ...), shared(A[, B...]), pad(n), vector(loop: 1|2|4, ...), pipeline(1|2|3), async(2|3|4), lanes(loop: n), split(loop: n), fast_math{{$}}
// CHECK: {{^}}{{.*}}unknown-clause.c:5:23: error: block of 2048 threads exceeds the CUDA limit of 1024{{$}}
// CHECK: {{^}}{{.*}}unknown-clause.c:5:23: note: choose block sizes whose product is at most 1024{{$}}
// CHECK: {{^}}{{.*}}unknown-clause.c:8:30: error: 'B' in clause 'extent' is not an array parameter of 'f'{{$}}
// CHECK: {{^}}{{.*}}unknown-clause.c:8:30: note: name a pointer or array parameter of the function{{$}}
