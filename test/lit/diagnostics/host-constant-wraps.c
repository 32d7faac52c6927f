// A host variable whose initializer converts to a narrower type may wrap
// (`int P = n + 2147483648;` is negative for small n), so c2cuda does not
// reason about it as the sum it is written as: the extents it bounds are
// asked for instead of being computed from the wrong value (an 858 GB
// cudaMalloc before), and a literal past long's range is no crash.
void wraps(int n, float *out, float *in) {
  int P = n + 2147483648;
#pragma c2cuda kernel
  for (int k = 0; k < 4; k++)
    for (int p = 0; p < P; p++)
      out[k * P + p] = in[p];
}

void past_long(int n, float *out, float *in) {
  int P = n + 9223372036854775807 + 1;
#pragma c2cuda kernel
  for (int k = 0; k < 4; k++)
    for (int p = 0; p < P; p++)
      out[k * P + p] = in[p];
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda -q %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}host-constant-wraps.c:11:24: error: cannot infer how many elements of 'in' the nest accesses{{$}}
// CHECK: {{^}}{{.*}}host-constant-wraps.c:11:24: note: state it with the clause 'extent(in: <number of elements>)' on the '#pragma c2cuda kernel' line{{$}}
// CHECK: {{^}}{{.*}}host-constant-wraps.c:11:7: error: cannot infer how many elements of 'out' the nest accesses{{$}}
// CHECK: {{^}}{{.*}}host-constant-wraps.c:19:24: error: cannot infer how many elements of 'in' the nest accesses{{$}}
// CHECK: {{^}}{{.*}}host-constant-wraps.c:19:7: error: cannot infer how many elements of 'out' the nest accesses{{$}}
