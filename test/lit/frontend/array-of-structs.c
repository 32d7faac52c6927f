// A pointer to structs whose fields all have one scalar type is the array
// of that type the structs lay out: p[i].vz is p[i*6 + 5] (NestBuilder's
// member()), p->x is p[0], and so for an array parameter of structs (pt
// p[n]). The drop-in entry keeps 'struct particle *p';
// the kernels and the body take the fields as floats. Element-wise loops
// over interleaved fields keep one point per thread (DefaultTiling).
// RUN: %c2cuda-opt %s -passes=HoistHostLoops 2>/dev/null | FileCheck %s --check-prefix=IR
// RUN: %c2cuda-check %s --size n=300 --trials 3 --random-schedules 3 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// ORACLE-COUNT-12: {{^}}CHECK {{[a-z_]+}} PASS
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=CU < %t.cu
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}

struct particle {
  float x, y, z;
  float vx, vy, vz;
};

typedef struct {
  double re, im;
} complex_t;

void step(int n, float dt, struct particle *p) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    p[i].vz = p[i].vz - 9.81f * dt;
    p[i].x += p[i].vx * dt;
    p[i].z += p[i].vz * dt;
  }
}

void cmul(int n, const complex_t *a, const complex_t *b, complex_t *c) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    c[i].re = a[i].re * b[i].re - a[i].im * b[i].im;
    c[i].im = a[i].re * b[i].im + a[i].im * b[i].re;
  }
}

void origin(int n, const struct particle *p, float *d) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    d[i] = p[i].x - p->x;
}

typedef struct {
  float x, y;
} pt;

void shift(int n, pt p[n], const pt q[], float dx) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    p[i].x = q[i].x + dx;
    p[i].y = q[i].y;
  }
}

// IR: {{^}}      p[i * 6 + 5] = p[i * 6 + 5] - 9.81000042f * dt;{{$}}
// IR: {{^}}      p[i * 6 + 0] += p[i * 6 + 3] * dt;{{$}}
// IR: {{^}}      c[i * 2 + 0] = a[i * 2 + 0] * b[i * 2 + 0] - a[i * 2 + 1] * b[i * 2 + 1];{{$}}
// IR: {{^}}      d[i] = p[i * 6 + 0] - p[0];{{$}}
// REMARK: array-of-structs.c:25:3: remark: mapped i -> x (1-D grid, block 256)
// REMARK-NOT: array-of-structs.c:25:3: remark: tiled
// CU: {{^}}extern "C" void step(int n, float dt, struct particle *p) {{{$}}
// CU: {{^}}extern "C" void cmul(int n, const complex_t *a, const complex_t *b, complex_t *c) {{{$}}
// CU: {{^}}extern "C" void origin(int n, const struct particle *p, float *d) {{{$}}
// CU: {{^}}extern "C" void shift(int n, pt *p, const pt *q, float dx) {{{$}}
