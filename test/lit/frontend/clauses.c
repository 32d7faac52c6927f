// Clauses of '#pragma c2cuda kernel', with macros expanded in the pragma.
#define BX 32
void clauses(int n, int m, float *A, float *B) {
#pragma c2cuda kernel block(BX, 8, 2) extent(A: n * m + 1) extent(B: (n - 1) * 2)
  for (int i = 0; i < n; i++)
    A[i] = B[i];
#pragma c2cuda kernel block(256) extent(B: n - 2 - 1 + n / 2 * 3)
  for (int i = 0; i < n; i++)
    B[i] = 0.0f;
}

// RUN: %c2cuda %s --dump-ir | FileCheck %s
// CHECK: {{^}}module {{.*}}clauses.c{{$}}
// CHECK-LABEL: {{^}}function void clauses(int n, int m, float *A, float *B) {
// CHECK-NEXT: {{^}}  nest 0 at {{.*}}clauses.c:5:3 block(32,8,2) extent(A: n * m + 1) extent(B: (n - 1) * 2) {
// CHECK-NEXT: {{^}}    for (int i = 0; i < n; ++i) {
// CHECK-NEXT: {{^}}      A[i] = B[i];{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// Left-associative: (n - 2) - 1 and (n / 2) * 3, printed without parentheses.
// CHECK-NEXT: {{^}}  nest 1 at {{.*}}clauses.c:8:3 block(256) extent(B: n - 2 - 1 + n / 2 * 3) {
// CHECK-NEXT: {{^}}    for (int i = 0; i < n; ++i) {
// CHECK-NEXT: {{^}}      B[i] = 0.0f;{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}}{{$}}
