// Integer reductions (+, *, min, max, &, |, ^) give the same bits in any
// order, sums and products modulo 2^n as the GPU and the CPU both wrap: they
// run in parallel without a clause or --allow-reassociation (ReductionPolicy:
// "exact integer arithmetic"). A floating-point sum still needs permission.
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s
// RUN: %c2cuda-check %s --size n=1000 --trials 2 --random-schedules 3 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}

void count(int n, const float *a, int *pos, unsigned *bits, int *top) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    pos[0] += a[i] > 0.0f;
    bits[0] |= 1u << (i % 32);
    if (i * 7 % 101 > top[0])
      top[0] = i * 7 % 101;
  }
}

void fsum(int n, const float *a, float *s) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    s[0] += a[i];
}

// CHECK: exact-integer.c:11:3: remark: reduction over i into pos[0] (+) runs with atomic updates (allowed by exact integer arithmetic)
// CHECK: exact-integer.c:11:3: remark: reduction over i into bits[0] (|) runs with atomic updates (allowed by exact integer arithmetic)
// CHECK: exact-integer.c:11:3: remark: reduction over i into top[0] (max) runs with atomic updates (allowed by exact integer arithmetic)
// CHECK: exact-integer.c:11:3: remark: reduction into pos[0], bits[0], top[0] combined in each thread, then across each warp with shuffles
// CHECK: exact-integer.c:21:3: remark: i is a reduction into s[0] (+); allow reassociation with 'reduction(+: s)' or --allow-reassociation to run it in parallel; runs as a single thread
// ORACLE-COUNT-4: {{^}}CHECK count PASS
// ORACLE-COUNT-4: {{^}}CHECK fsum PASS
