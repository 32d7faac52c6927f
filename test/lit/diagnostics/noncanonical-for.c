void f(int n, int m, float *A) {
  int i = 0;
#pragma scop
  for (; i < n; i++)
    A[i] = 0.0f;
  for (float x = 0.0f; x < n; x += 1.0f)
    A[0] = x;
  for (int j = 0; j < n; j += m)
    A[j] = 0.0f;
  for (int j = 0; j < n; j--)
    A[j] = 0.0f;
  for (int j = n; j > 0; j += 2)
    A[j] = 0.0f;
  for (int j = 0; j < n; j++) {
    A[j] = 0.0f;
    j += 1;
  }
  for (int j = 0; j != n; j += 2)
    A[j] = 0.0f;
  for (int j = 0; j < m; j++)
    m = m - 1;
  for (int j = 0; ; j++)
    A[j] = 0.0f;
  for (int j = 0; j < n; )
    A[j] = 0.0f;
  for (int j = 0; A[j] < n; j++)
    A[j] = 0.0f;
#pragma endscop
}

// RUN: rm -f %t.cu
// RUN: not %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
// CHECK: {{^}}{{.*}}noncanonical-for.c:4:3: error: non-canonical 'for' loop: missing initialization of the iterator{{$}}
// CHECK: {{^}}{{.*}}noncanonical-for.c:4:3: note: write it as 'for (int i = lb; i < ub; i += c)' with an integer iterator and a constant step c{{$}}
// CHECK: {{^}}{{.*}}noncanonical-for.c:6:18: error: non-canonical 'for' loop: iterator 'x' has type 'float'; it must be an integer{{$}}
// CHECK: {{^}}{{.*}}noncanonical-for.c:6:18: note: write it as 'for (int i = lb; i < ub; i += c)' with an integer iterator and a constant step c{{$}}
// CHECK: {{^}}{{.*}}noncanonical-for.c:8:31: error: non-canonical 'for' loop: the step of iterator 'j' must be an integer constant{{$}}
// CHECK: {{^}}{{.*}}noncanonical-for.c:8:31: note: write it as 'for (int i = lb; i < ub; i += c)' with an integer iterator and a constant step c{{$}}
// CHECK: {{^}}{{.*}}noncanonical-for.c:10:26: error: non-canonical 'for' loop: the step -1 of iterator 'j' does not match the condition 'j < n'{{$}}
// CHECK: {{^}}{{.*}}noncanonical-for.c:10:26: note: write it as 'for (int i = lb; i < ub; i += c)' with an integer iterator and a constant step c{{$}}
// CHECK: {{^}}{{.*}}noncanonical-for.c:12:26: error: non-canonical 'for' loop: the step 2 of iterator 'j' does not match the condition 'j > 0'{{$}}
// CHECK: {{^}}{{.*}}noncanonical-for.c:12:26: note: write it as 'for (int i = lb; i < ub; i += c)' with an integer iterator and a constant step c{{$}}
// CHECK: {{^}}{{.*}}noncanonical-for.c:16:7: error: non-canonical 'for' loop: iterator 'j' is modified in the loop body{{$}}
// CHECK: {{^}}{{.*}}noncanonical-for.c:16:7: note: write it as 'for (int i = lb; i < ub; i += c)' with an integer iterator and a constant step c{{$}}
// CHECK: {{^}}{{.*}}noncanonical-for.c:18:19: error: non-canonical 'for' loop: a '!=' condition needs a step of 1 or -1, not 2{{$}}
// CHECK: {{^}}{{.*}}noncanonical-for.c:18:19: note: write it as 'for (int i = lb; i < ub; i += c)' with an integer iterator and a constant step c{{$}}
// CHECK: {{^}}{{.*}}noncanonical-for.c:21:7: error: loop bound 'm' is modified in the loop body{{$}}
// CHECK: {{^}}{{.*}}noncanonical-for.c:21:7: note: copy the bound into a variable that the loop does not change{{$}}
// CHECK: {{^}}{{.*}}noncanonical-for.c:22:3: error: non-canonical 'for' loop: missing loop condition{{$}}
// CHECK: {{^}}{{.*}}noncanonical-for.c:22:3: note: write it as 'for (int i = lb; i < ub; i += c)' with an integer iterator and a constant step c{{$}}
// CHECK: {{^}}{{.*}}noncanonical-for.c:24:3: error: non-canonical 'for' loop: missing loop increment{{$}}
// CHECK: {{^}}{{.*}}noncanonical-for.c:24:3: note: write it as 'for (int i = lb; i < ub; i += c)' with an integer iterator and a constant step c{{$}}
// CHECK: {{^}}{{.*}}noncanonical-for.c:26:19: error: non-canonical 'for' loop: the condition must compare iterator 'j' with '<', '<=', '>', '>=' or '!='{{$}}
// CHECK: {{^}}{{.*}}noncanonical-for.c:26:19: note: write it as 'for (int i = lb; i < ub; i += c)' with an integer iterator and a constant step c{{$}}
