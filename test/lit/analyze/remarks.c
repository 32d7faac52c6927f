// Performance remarks of `c2cuda analyze`, each with its exact text: a double literal in float
// arithmetic, pow with exponent 0 (not 1-4: kernels multiply), division by a loop invariant in a
// sequential loop, a branch that diverges along x (a flattened array: left as written), an
// uncoalesced request, a loop that cannot run in parallel and why.
// RUN: %c2cuda analyze --no-ptxas --size n=1024,m=1024 %s | FileCheck %s
#include <math.h>

void remarks(int n, int m, float s, const float *x, float *y, float *A,
             float *P) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = 0.25 * x[i] + pow(x[i], 0) + pow(x[i], 3);
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      if ((i + j) % 2 == 0)
        A[i * m + j] = 0.5f * A[i * m + j];
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int k = 1; k < m; k++)
      P[i * m + k] = P[i * m + k - 1] / s;
}

// CHECK-LABEL: {{^}}  remarks:{{$}}
// CHECK-NEXT: {{^}}    {{.*}}remarks.c:12:12: double-literal: the double literal 0.25 makes C compute this float expression in double, which runs at a fraction of float speed on most GPUs{{$}}
// CHECK-NEXT: {{^}}      hint: write 0.25f to keep the arithmetic in float (--fast-math does this in the kernels){{$}}
// CHECK-NEXT: {{^}}    {{.*}}remarks.c:12:26: pow-small-int: pow with the small integer exponent 0 calls the general power routine{{$}}
// CHECK-NEXT: {{^}}      hint: multiply instead: 1{{$}}
// CHECK-NEXT: {{^}}    {{.*}}remarks.c:20:5: sequential-loop: loop 'k' cannot run in parallel: P[i * m + k] (written at {{.*}}remarks.c:21:7) and P[i * m + k - 1] (read at {{.*}}remarks.c:21:22) may touch the same element in different iterations of 'k' (flow dependence, distance 1){{$}}
// CHECK-NEXT: {{^}}    {{.*}}remarks.c:21:22: invariant-division: division by 's', which does not change in loop 'k'{{$}}
// CHECK-NEXT: {{^}}      hint: compute its reciprocal once before the loop and multiply by it (this rounds slightly differently); --fast-math does this in the kernels{{$}}
// CHECK-NEXT: {{^}}    {{.*}}remarks.c:16:7: divergent-branch: the branch on '(i + j) % 2 == 0' can go different ways in neighbouring threads along x ('j'), so each warp runs both paths{{$}}
// CHECK-NEXT: {{^}}      hint: iterate so that neighbouring threads take the same path, e.g. a loop with step 2 over one colour of a red-black sweep{{$}}
// The third nest maps i to x: P is walked with stride m across a warp.
// CHECK-NEXT: {{^}}    {{.*}}remarks.c:21:7: uncoalesced: under this mapping a warp's request for P[i * m + k] touches 32 sectors of 32 bytes where 4 would do (stride m elements between neighbouring threads){{$}}
// CHECK-NEXT: {{^}}      hint: map the loop that walks P contiguously to threadIdx.x, or stage it through shared memory{{$}}
// CHECK-NEXT: {{^}}    {{.*}}remarks.c:21:22: uncoalesced: under this mapping a warp's request for P[i * m + k - 1] touches 32 sectors of 32 bytes where 4 would do (stride m elements between neighbouring threads){{$}}
// CHECK-NOT: uncoalesced
