// Illegal tiling schedules are refused with an error at the clause at
// fault and a note saying what to do; nothing is written.
// RUN: rm -rf %t && split-file %s %t
// RUN: not %c2cuda %t/notmult.c -q -o %t/notmult.cu 2>&1 | FileCheck %s --check-prefix=NOTMULT --implicit-check-not=error:
// RUN: not %c2cuda %t/mismatch.c -q -o %t/mismatch.cu 2>&1 | FileCheck %s --check-prefix=MISMATCH --implicit-check-not=error:
// RUN: not %c2cuda %t/vec.c -q -o %t/vec.cu 2>&1 | FileCheck %s --check-prefix=VEC --implicit-check-not=error:
// RUN: not %c2cuda %t/written.c -q -o %t/written.cu 2>&1 | FileCheck %s --check-prefix=WRITTEN --implicit-check-not=error:
// RUN: not %c2cuda %t/cond.c -q -o %t/cond.cu 2>&1 | FileCheck %s --check-prefix=COND --implicit-check-not=error:
// RUN: not %c2cuda %t/tri.c -q -o %t/tri.cu 2>&1 | FileCheck %s --check-prefix=TRI --implicit-check-not=error:
// RUN: not %c2cuda %t/nostrip.c -q -o %t/nostrip.cu 2>&1 | FileCheck %s --check-prefix=NOSTRIP --implicit-check-not=error:
// RUN: not %c2cuda %t/big.c -q -o %t/big.cu 2>&1 | FileCheck %s --check-prefix=BIG --implicit-check-not=error:
// RUN: not %c2cuda %t/unknown.c -q -o %t/unknown.cu 2>&1 | FileCheck %s --check-prefix=UNKNOWN --implicit-check-not=error:
// RUN: not %c2cuda %t/seq.c -q -o %t/seq.cu 2>&1 | FileCheck %s --check-prefix=SEQ --implicit-check-not=error:
// RUN: test ! -e %t/notmult.cu
// RUN: test ! -e %t/mismatch.cu
// RUN: test ! -e %t/vec.cu
// RUN: test ! -e %t/written.cu
// RUN: test ! -e %t/cond.cu
// RUN: test ! -e %t/tri.cu
// RUN: test ! -e %t/nostrip.cu
// RUN: test ! -e %t/big.cu
// RUN: test ! -e %t/unknown.cu
// RUN: test ! -e %t/seq.cu

// NOTMULT: {{^}}{{.*}}notmult.c:2:33: error: tile(i: 48) is not a multiple of the block's 32 threads along x{{$}}
// NOTMULT: {{^}}{{.*}}notmult.c:2:33: note: use a multiple of 32{{$}}
// MISMATCH: {{^}}{{.*}}mismatch.c:2:46: error: tile(i: 128) does not equal the block's 32 threads along x times thread(i: 2){{$}}
// MISMATCH: {{^}}{{.*}}mismatch.c:2:46: note: make the tile 64 or leave out one of the two{{$}}
// VEC: {{^}}{{.*}}vec.c:2:46: error: vector(i: 4) needs the points per thread along i (2) to be a multiple of 4{{$}}
// VEC: {{^}}{{.*}}vec.c:2:46: note: set thread(i: ...) or the tile to a multiple of 128{{$}}
// WRITTEN: {{^}}{{.*}}written.c:2:45: error: shared(a): no kernel of this nest only reads 'a'; only arrays a kernel reads and does not write can be staged in shared memory{{$}}
// WRITTEN: {{^}}{{.*}}written.c:2:45: note: leave 'a' out of shared(...){{$}}
// COND: {{^}}{{.*}}cond.c:2:45: error: shared(a): 'a' cannot be staged in shared memory: it is read under a condition ('?:'){{$}}
// COND: {{^}}{{.*}}cond.c:2:45: note: leave 'a' out of shared(...); it is then read through the L1 cache{{$}}
// TRI: {{^}}{{.*}}tri.c:2:33: error: tile(k: 8): the bounds of 'k' read 'i', so the strips differ between points{{$}}
// TRI: {{^}}{{.*}}tri.c:2:33: note: strip-mine only loops with the same bounds for every point{{$}}
// NOSTRIP: {{^}}{{.*}}nostrip.c:2:55: error: pipeline(2) overlaps the loads of the next strip with the computation of this one, and this kernel has no strip-mined loop{{$}}
// NOSTRIP: {{^}}{{.*}}nostrip.c:2:55: note: strip-mine a loop inside the mapped loops with tile(k: ...) or leave out pipeline(...){{$}}
// BIG: {{^}}{{.*}}big.c:2:50: error: the shared tiles need 262144 bytes per block, more than the 232448 a block may use (sm_90){{$}}
// BIG: {{^}}{{.*}}big.c:2:50: note: use smaller tiles{{$}}
// UNKNOWN: {{^}}{{.*}}unknown.c:2:33: error: tile(q: 4) names neither a mapped loop nor a loop directly inside the mapped loops{{$}}
// UNKNOWN: {{^}}{{.*}}unknown.c:2:33: note: tile the mapped loops (i) and at most one loop directly inside them{{$}}
// SEQ: {{^}}{{.*}}seq.c:2:23: error: tiling needs a parallel loop to map, and this kernel runs as a single thread{{$}}
// SEQ: {{^}}{{.*}}seq.c:2:23: note: leave out the tiling clauses for this nest{{$}}

//--- notmult.c
void notmult(int n, const float *a, float *b) {
#pragma c2cuda kernel block(32) tile(i: 48)
  for (int i = 0; i < n; i++)
    b[i] = a[i];
}

//--- mismatch.c
void mismatch(int n, const float *a, float *b) {
#pragma c2cuda kernel block(32) thread(i: 2) tile(i: 128)
  for (int i = 0; i < n; i++)
    b[i] = a[i];
}

//--- vec.c
void vec(int n, const float *a, float *b) {
#pragma c2cuda kernel block(32) thread(i: 2) vector(i: 4)
  for (int i = 0; i < n; i++)
    b[i] = a[i];
}

//--- written.c
void written(int n, float *a) {
#pragma c2cuda kernel block(32) tile(i: 32) shared(a)
  for (int i = 0; i < n; i++)
    a[i] = a[i] + 1.0f;
}

//--- cond.c
void cond(int n, const float *a, float *b) {
#pragma c2cuda kernel block(32) tile(i: 32) shared(a)
  for (int i = 0; i < n; i++)
    b[i] = i > 2 ? a[i] : 0.0f;
}

//--- tri.c
void tri(int n, const float *a, float *b) {
#pragma c2cuda kernel block(32) tile(i: 32, k: 8)
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int k = 0; k <= i; k++)
      s += a[k];
    b[i] = s;
  }
}

//--- nostrip.c
void nostrip(int n, const float *a, float *b) {
#pragma c2cuda kernel block(32) tile(i: 32) shared(a) pipeline(2)
  for (int i = 0; i < n; i++)
    b[i] = a[i];
}

//--- big.c
void big(int n, const float *a, float *b) {
#pragma c2cuda kernel block(1024) tile(i: 65536) shared(a)
  for (int i = 0; i < n; i++)
    b[i] = a[i];
}

//--- unknown.c
void unknown(int n, const float *a, float *b) {
#pragma c2cuda kernel block(32) tile(q: 4)
  for (int i = 0; i < n; i++)
    b[i] = a[i];
}

//--- seq.c
void seq(int n, float *a) {
#pragma c2cuda kernel tile(i: 32)
  for (int i = 1; i < n; i++)
    a[i] = a[i - 1] + 1.0f;
}
