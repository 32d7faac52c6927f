// Extents through host constants: 'm' is initialised from the parameter 'n'
// and never assigned again, so the nest's bound 'i < m' bounds the accesses,
// and c2cuda needs no extent clause. A host scalar that is reassigned is not
// a constant, and its use in a bound leaves the extent unknown.
// RUN: %c2cuda -q %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: rm -f %t.bad.cu
// RUN: not %c2cuda -q -DREASSIGN %s -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: test ! -e %t.bad.cu

void shift(int n, const float *in, float *out) {
  int m = n - 2;
#ifdef REASSIGN
  m = m - 1;
#endif
#pragma c2cuda kernel
  for (int i = 0; i < m; i++)
    out[i] = in[i + 1] + in[i + 2];
}

// The wrapper copies exactly the elements the nest can touch: in[0..n) and
// out[0..n-2), stated over the parameter n.
// CHECK: {{^}}  const long long c2c_n_in = (long long)n >= 3LL ? (long long)n : 0LL;
// CHECK: {{^}}  const long long c2c_n_out = (long long)n >= 3LL ? (long long)n - 2LL : 0LL;

// BAD: {{^}}{{.*}}host-constant-extents.c:18:14: error: cannot infer how many elements of 'in' the nest accesses{{$}}
// BAD: {{^}}{{.*}}host-constant-extents.c:18:14: note: state it with the clause 'extent(in: <number of elements>)' on the '#pragma c2cuda kernel' line{{$}}
// BAD: {{^}}{{.*}}host-constant-extents.c:18:5: error: cannot infer how many elements of 'out' the nest accesses{{$}}
