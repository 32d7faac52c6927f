// Arrays of structs are offloaded only where every field has one scalar
// type without padding (frontend/array-of-structs.c); other structs, whole
// structs copied and members of other expressions are errors, and no .cu
// is written.
struct mixed {
  float x;
  int id;
};

struct pair {
  float a, b;
};

void f(int n, struct mixed *m, float *out) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    out[i] = m[i].x;
}

void g(int n, struct pair *p, const struct pair *q) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    p[i] = q[i];
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}struct-param.c:14:29: error: parameter 'm' points to 'struct mixed', which is not supported: its fields have different types ('float' and 'int'){{$}}
// CHECK: {{^}}{{.*}}note: offloaded nests take arrays of structs whose fields all have one scalar type, without padding; pass the fields as separate arrays otherwise{{$}}
// CHECK: {{^}}{{.*}}struct-param.c:23:5: error: 'p[...]' is a whole struct, which an offloaded nest cannot copy{{$}}
// CHECK: {{^}}{{.*}}note: read and write its fields one by one, e.g. 'p[i].a'{{$}}
// CHECK: {{^}}{{.*}}struct-param.c:23:12: error: 'q[...]' is a whole struct, which an offloaded nest cannot copy{{$}}
// CHECK: {{^}}{{.*}}note: read and write its fields one by one, e.g. 'q[i].a'{{$}}
