// A static helper that only the nest calls is inlined into the kernel; its
// definition stays in the whole-file output, marked [[maybe_unused]] so
// that nvcc does not warn that it is never referenced (#177-D).
// RUN: %c2cuda -q %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
#include <stdio.h>

static inline float sq(float v) { return v * v; }
static int unused_count;

void sqdiff(int n, const float *a, const float *b, float *c) {
#pragma c2cuda kernel extent(a: n) extent(b: n) extent(c: n)
  for (int i = 0; i < n; i++)
    c[i] = sq(a[i] - b[i]);
}

int main(void) {
  float a[4] = {1, 2, 3, 4}, b[4] = {0}, c[4];
  sqdiff(4, a, b, c);
  printf("%g\n", c[3] + unused_count);
  return 0;
}

// CHECK: {{^\[\[}}maybe_unused{{\]\]}} static inline float sq(float v) { return v * v; }{{$}}
// CHECK: {{^}}static int unused_count;{{$}}
