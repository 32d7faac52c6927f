// Sizes from macros are frozen into the .cu; the file ends with a check per
// integer macro the offloaded code used, so a build with other -D values
// stops at compile time with the fix, instead of copying the wrong number of
// elements (or failing the overlap check with a misleading message).
#ifndef NI
#define NI 200
#endif
#define NJ 220
#define ALPHA 1.5f
#define UNUSED_IN_KERNEL 7

void scale(float A[NI][NJ]) {
#pragma c2cuda kernel
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      A[i][j] *= ALPHA;
}

int other(void) { return UNUSED_IN_KERNEL; }

// RUN: %c2cuda -q %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %c2cuda -q -DNI=1000 %s -o %t.1000.cu
// RUN: FileCheck %s --check-prefix=D1000 < %t.1000.cu
// CHECK: {{^}}#if defined(NI) && ((NI) != (200)){{$}}
// CHECK-NEXT: {{^}}#error "c2cuda generated this file from size-macros.c with NI = 200; run c2cuda again with the -D flags of this build"{{$}}
// CHECK-NEXT: {{^}}#endif{{$}}
// CHECK-NEXT: {{^}}#if defined(NJ) && ((NJ) != (220)){{$}}
// CHECK-NOT: ALPHA)
// CHECK-NOT: UNUSED_IN_KERNEL)
// D1000: {{^}}#if defined(NI) && ((NI) != (1000)){{$}}
