// ClipToBand: the triangle j <= i is mapped over its bounding box; a thread
// whose point lies outside the band does nothing.
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid | FileCheck %s --check-prefix=BEFORE
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid,ClipToBand 2>&1 | FileCheck %s

void lower(int n, float *L, const float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      L[i * n + j] = 2.0f * A[i * n + j];
}

// BEFORE:      {{^}}    band: 0LL + 1 * i + -1 * j >= 0{{$}}
// BEFORE-NEXT: {{^}}    L[i * n + j] = 2.0f * A[i * n + j];{{$}}

// CHECK:      {{^}}    grid.y: i = 0 + t * 1, t < {{.*}}{{$}}
// CHECK-NEXT: {{^}}    if ((long long)i + -1LL * (long long)j >= 0LL) {{{$}}
// CHECK-NEXT: {{^}}      L[i * n + j] = 2.0f * A[i * n + j];{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
