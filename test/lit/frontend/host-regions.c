// Host control flow around nests becomes host regions; other host statements
// are C text with the arrays they read and write (macros expanded).
#define ITERS 10
void update(float *x, float *y);

void solve(int n, float *X, float *Y, float *err) {
  int it;
  for (it = 0; it < ITERS && err[0] > 1e-3f; it++) {
    err[0] = 0.0f;
#pragma c2cuda kernel
    for (int i = 0; i < n; i++)
      Y[i] = X[i] * 0.5f;
    if (it % 2) {
#pragma c2cuda kernel
      for (int i = 0; i < n; i++)
        X[i] = Y[i];
    } else {
      update(X, Y);
    }
  }
  while (n > 1) {
#pragma c2cuda kernel
    for (int i = 0; i < n / 2; i++)
      X[i] += X[i + n / 2];
    n = n / 2;
  }
  do {
#pragma c2cuda kernel
    for (int i = 0; i < n; i++)
      Y[i] = 0.0f;
  } while (Y[0] > 1.0f);
}

// RUN: %c2cuda %s --dump-ir | FileCheck %s
// CHECK: {{^}}module {{.*}}host-regions.c{{$}}
// CHECK-LABEL: {{^}}function void solve(int n, float *X, float *Y, float *err) {
// CHECK-NEXT: {{^}}  host:{{$}}
// CHECK-NEXT: {{^}}    int it;{{$}}
// CHECK-NEXT: {{^}}  host region header-reads(err): for (it = 0; it < 10 && err[0] > 0.00100000005F; it++) {
// CHECK-NEXT: {{^}}    host writes(err):{{$}}
// CHECK-NEXT: {{^}}      err[0] = 0.F;{{$}}
// CHECK-NEXT: {{^}}    nest 0 at {{.*}}host-regions.c:11:5 {
// CHECK-NEXT: {{^}}      for (int i = 0; i < n; ++i) {
// CHECK-NEXT: {{^}}        Y[i] = X[i] * 0.5f;{{$}}
// CHECK-NEXT: {{^}}      }{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}    host region: if (it % 2) {
// CHECK-NEXT: {{^}}      nest 1 at {{.*}}host-regions.c:15:7 {
// CHECK-NEXT: {{^}}        for (int i = 0; i < n; ++i) {
// CHECK-NEXT: {{^}}          X[i] = Y[i];{{$}}
// CHECK-NEXT: {{^}}        }{{$}}
// CHECK-NEXT: {{^}}      }{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}    host region: else {
// CHECK-NEXT: {{^}}      host reads(X, Y) writes(X, Y):{{$}}
// CHECK-NEXT: {{^}}        update(X, Y);{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}  host region: while (n > 1) {
// CHECK-NEXT: {{^}}    nest 2 at {{.*}}host-regions.c:23:5 {
// CHECK-NEXT: {{^}}      for (int i = 0; i < n / 2; ++i) {
// CHECK-NEXT: {{^}}        X[i] += X[i + n / 2];{{$}}
// CHECK-NEXT: {{^}}      }{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}    host sets(n):{{$}}
// CHECK-NEXT: {{^}}      n = n / 2;{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}  host region header-reads(Y): do {
// CHECK-NEXT: {{^}}    nest 3 at {{.*}}host-regions.c:29:5 {
// CHECK-NEXT: {{^}}      for (int i = 0; i < n; ++i) {
// CHECK-NEXT: {{^}}        Y[i] = 0.0f;{{$}}
// CHECK-NEXT: {{^}}      }{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}  } while (Y[0] > 1.F);{{$}}
// CHECK-NEXT: {{^}}}{{$}}
