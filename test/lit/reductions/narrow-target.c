// CUDA has no 8- or 16-bit atomic updates: a reduction clause into an
// unsigned char or short target is an error at the clause (nothing is
// written). Without a clause, --allow-reassociation leaves such a loop
// sequential and the remark says why (narrow-target-allowed.c).
#ifndef SHORT
void hist8(int n, const unsigned char *px, unsigned char *count) {
#pragma c2cuda kernel reduction(+: count) extent(count: 256)
  for (int i = 0; i < n; i++)
    count[px[i]] += 1;
}
#else
void sum16(int n, const short *x, short *out) {
  short s = 0;
#pragma c2cuda kernel reduction(+: s)
  for (int i = 0; i < n; i++)
    s += x[i];
  out[0] = s;
}
#endif

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// RUN: not %c2cuda -D SHORT %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=SHORT --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}narrow-target.c:7:36: error: clause 'reduction(+: count)' asks for atomic updates of 'count', of type 'unsigned char'; CUDA has no atomic updates of 8- or 16-bit integers{{$}}
// CHECK: {{^}}{{.*}}narrow-target.c:7:36: note: accumulate into an 'int' (or wider) variable or array and convert the result after the loop, or remove the clause{{$}}
// SHORT: {{^}}{{.*}}narrow-target.c:14:36: error: clause 'reduction(+: s)' asks for atomic updates of 's', of type 'short'; CUDA has no atomic updates of 8- or 16-bit integers{{$}}
// SHORT: {{^}}{{.*}}narrow-target.c:14:36: note: accumulate into an 'int' (or wider) variable or array and convert the result after the loop, or remove the clause{{$}}
