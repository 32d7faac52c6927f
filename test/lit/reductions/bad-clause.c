// Malformed reduction clauses are errors naming the clause, with a hint;
// nothing is written.
void f(int n, const float *x, float *out) {
  float s = 0.0f;
#pragma c2cuda kernel reduction(-: s)
  for (int i = 0; i < n; i++)
    s += x[i];
#pragma c2cuda kernel reduction(+ s)
  for (int i = 0; i < n; i++)
    s += x[i];
#pragma c2cuda kernel reduction(min: )
  for (int i = 0; i < n; i++)
    s += x[i];
  out[0] = s;
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}bad-clause.c:5:33: error: unknown operator '-' in clause 'reduction'{{$}}
// CHECK: {{^}}{{.*}}bad-clause.c:5:33: note: write one of + * min max & | ^, e.g. 'reduction(+: s)' ('s -= e' is a '+' reduction){{$}}
// CHECK: {{^}}{{.*}}bad-clause.c:8:35: error: expected ':' in clause 'reduction'{{$}}
// CHECK: {{^}}{{.*}}bad-clause.c:8:35: note: write it as 'reduction(op: var[, var...])'{{$}}
// CHECK: {{^}}{{.*}}bad-clause.c:11:38: error: expected a variable name in clause 'reduction(min: ...)'{{$}}
// CHECK: {{^}}{{.*}}bad-clause.c:11:38: note: name a scalar or an array the nest reduces into, e.g. 'reduction(min: s)'{{$}}
