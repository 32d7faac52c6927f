// A running maximum or minimum written as a branch, `if (x > m) m = x;`,
// becomes `m = x > m ? x : m;` (restructure/ConditionalMinMax.h): a max or
// min reduction, which runs in parallel inside a parallel loop (colmax),
// with atomics where a clause allows it (amax) or where the target is an
// integer, whose minimum is the same in any order (imin). Branches that are
// not min/max updates stay branches.

void colmax(int n, int m, const float A[n][m], float mx[m]) {
#pragma scop
  for (int j = 0; j < m; j++)
    mx[j] = A[0][j];
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      if (A[i][j] > mx[j])
        mx[j] = A[i][j];
#pragma endscop
}

void amax(int n, const float *a, float *best) { // gpu-check: a[n] best[1]
#pragma c2cuda kernel reduction(max: best)
  for (int i = 0; i < n; i++)
    if (best[0] < a[i])
      best[0] = a[i];
}

void imin(int n, const int *a, int *low) { // gpu-check: a[n] low[1]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    if (a[i] <= low[0])
      low[0] = a[i];
}

// Not a min/max: the value stored is not the one compared.
void clamp(int n, const float *a, float *b) { // gpu-check: a[n] b[n]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    if (a[i] > b[i])
      b[i] = 0.5f * a[i];
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck --check-prefix=REMARK --implicit-check-not='a running' %s
// REMARK: {{^}}{{.*}}.c:14:7: remark: a running maximum of 'mx[j]': the branch is written as 'mx[j] = A[i][j] > mx[j] ? A[i][j] : mx[j]', a max reduction{{$}}
// REMARK: {{^}}{{.*}}.c:12:3: remark: restructured the loops: moved loop 'j' (line 13) outside loop 'i' (line 12); loop 'j' now runs in parallel{{$}}
// The loop setting mx[j] is fused with it: the maximum starts in a register.
// REMARK: {{^}}{{.*}}.c:10:3: remark: fused the loops 'j' (line 10) and 'j' (line 13): each iteration sets the elements the same iteration of the second then updates{{$}}
// REMARK: {{^}}{{.*}}.c:22:5: remark: a running maximum of 'best[0]': the branch is written as 'best[0] = best[0] < a[i] ? a[i] : best[0]', a max reduction{{$}}
// REMARK: {{^}}{{.*}}.c:29:5: remark: a running minimum of 'low[0]': the branch is written as 'low[0] = a[i] <= low[0] ? a[i] : low[0]', a min reduction{{$}}
// REMARK: {{^}}{{.*}}.c:10:3: remark: i runs sequentially in each thread: reduction into c2c_acc_mx (max) across iterations of 'i'{{$}}
// REMARK: {{^}}{{.*}}.c:21:3: remark: reduction over i into best[0] (max) runs with atomic updates (allowed by 'reduction(max: best)'){{$}}
// REMARK: {{^}}{{.*}}.c:28:3: remark: reduction over i into low[0] (min) runs with atomic updates (allowed by exact integer arithmetic){{$}}
// RUN: %c2cuda-check %s --size n=37,m=13 --trials 3 2>/dev/null | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size n=37,m=13 --trials 3 --allow-reassociation 2>/dev/null | FileCheck --check-prefix=ORACLE %s
// ORACLE-COUNT-4: {{^}}CHECK {{[a-z]+}} PASS
