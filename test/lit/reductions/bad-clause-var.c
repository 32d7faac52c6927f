// A reduction clause naming a variable the nest does not use is an error
// (nothing is written); one that matches no reduction of the nest (wrong
// operator) is a warning listing the nest's reductions.
void f(int n, const float *x, float *out) {
  float s = 0.0f;
#pragma c2cuda kernel reduction(+: q)
  for (int i = 0; i < n; i++)
    s += x[i];
#pragma c2cuda kernel reduction(max: s)
  for (int i = 0; i < n; i++)
    s += x[i];
  out[0] = s;
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}bad-clause-var.c:6:36: error: 'q' in clause 'reduction(+: q)' is not a variable of this nest{{$}}
// CHECK: {{^}}{{.*}}bad-clause-var.c:6:36: note: name a scalar or an array the nest reduces into, e.g. 'reduction(+: s)'{{$}}
// CHECK: {{^}}{{.*}}bad-clause-var.c:9:38: warning: clause 'reduction(max: s)' matches no reduction of this nest{{$}}
// CHECK: {{^}}{{.*}}bad-clause-var.c:9:38: note: this nest's reductions: 'reduction(+: s)'{{$}}
