// The CPU oracle runs host control flow around nests from the header's IR
// (HostRegion::Init, Cond, Step): a for loop whose condition reads an array,
// an if/else, a while and a do-while; a header calling a function it cannot
// run is declined by name.
int limit(int n);

void iterate(int n, int iters, float *X, float *Y, float *err) {
  int it;
  for (it = 0; it < iters && err[0] < 100.0f; it += 2) {
    err[0] = err[0] + 1.0f;
#pragma c2cuda kernel
    for (int i = 0; i < n; i++)
      Y[i] = X[i] * 0.5f;
    if (it % 4) {
#pragma c2cuda kernel
      for (int i = 0; i < n; i++)
        X[i] = Y[i] + 1.0f;
    } else {
#pragma c2cuda kernel
      for (int i = 0; i < n; i++)
        X[i] = Y[i] - 2.0f;
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
  {
#pragma c2cuda kernel
    for (int i = 0; i < iters; i++)
      Y[i + 1] = (float)i;
  }
}

void called(int n, float *Y) {
  for (int k = 0; k < limit(n); k++) {
#pragma c2cuda kernel
    for (int i = 0; i < n; i++)
      Y[i] = Y[i] + 1.0f;
  }
}

// A loop on the host before the nest: the checker does not run it, and
// says so (it said the element was not one the run holds).
void host_fill(int n, float *x, float *r) {
  for (int i = 0; i < n; i++)
    r[i] = 2.0f;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    x[i] = r[i] + 1.0f;
}

// RUN: %c2cuda-check %s --size n=37,iters=7 --trials 2 --random-schedules 2 | FileCheck %s --implicit-check-not=FAIL
// CHECK: {{^}}CHECK iterate PASS sched=default maxRelL2={{.*}}
// CHECK: {{^}}CHECK iterate PASS sched=2 maxRelL2={{.*}}
// CHECK: {{^}}CHECK called UNSUPPORTED sched=default maxRelL2=0 {{.*}}host-region-oracle.c:43:3: host code not interpretable: host region 'for (int k = 0; k < limit(n); k++) {': its header is not one the oracle runs (seed 1){{$}}
// CHECK: {{^}}CHECK host_fill UNSUPPORTED sched=default maxRelL2=0 {{.*}}host-region-oracle.c:53:3: host code not interpretable: 'for (int i = 0; i < n; i++){{.*}}r[i] = 2.F;': the subscript of 'r' depends on what the statement computes (a loop on the host), which the checker does not run (seed 1){{$}}
