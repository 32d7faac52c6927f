// Non-unit steps and every accepted comparison; '!=' becomes '<' or '>'.
void steps(int n, double *A) {
#pragma scop
  for (int i = 0; i < n; i += 2)
    A[i] = 1.0;
  for (int i = n - 1; i >= 0; i -= 3)
    A[i] = 2.0;
  for (int i = n; i > 0; --i)
    A[i - 1] = 3.0;
  for (int i = 0; i != n; ++i)
    A[i] = 4.0;
  for (int i = n - 1; i != -1; i--)
    A[i] = 5.0;
  for (int i = 1; i <= n; i = i + 4)
    A[i - 1] = 6.0;
  for (int i = 0; i < n; i = 2 + i)
    A[i] = 7.0;
  for (long i = 0; i < n; i++)
    A[i] = 8.0;
#pragma endscop
}

// RUN: %c2cuda %s --dump-ir | FileCheck %s
// CHECK: {{^}}module {{.*}}steps.c{{$}}
// CHECK-LABEL: {{^}}function void steps(int n, double *A) {
// CHECK-NEXT: {{^}}  nest 0 at {{.*}}steps.c:4:3 {
// CHECK-NEXT: {{^}}    for (int i = 0; i < n; i += 2) {
// CHECK-NEXT: {{^}}      A[i] = 1.0;{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}  nest 1 at {{.*}}steps.c:6:3 {
// CHECK-NEXT: {{^}}    for (int i = n - 1; i >= 0; i -= 3) {
// CHECK-NEXT: {{^}}      A[i] = 2.0;{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}  nest 2 at {{.*}}steps.c:8:3 {
// CHECK-NEXT: {{^}}    for (int i = n; i > 0; --i) {
// CHECK-NEXT: {{^}}      A[i - 1] = 3.0;{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}  nest 3 at {{.*}}steps.c:10:3 {
// CHECK-NEXT: {{^}}    for (int i = 0; i < n; ++i) {
// CHECK-NEXT: {{^}}      A[i] = 4.0;{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}  nest 4 at {{.*}}steps.c:12:3 {
// CHECK-NEXT: {{^}}    for (int i = n - 1; i > -1; --i) {
// CHECK-NEXT: {{^}}      A[i] = 5.0;{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}  nest 5 at {{.*}}steps.c:14:3 {
// CHECK-NEXT: {{^}}    for (int i = 1; i <= n; i += 4) {
// CHECK-NEXT: {{^}}      A[i - 1] = 6.0;{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}  nest 6 at {{.*}}steps.c:16:3 {
// CHECK-NEXT: {{^}}    for (int i = 0; i < n; i += 2) {
// CHECK-NEXT: {{^}}      A[i] = 7.0;{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}  nest 7 at {{.*}}steps.c:18:3 {
// CHECK-NEXT: {{^}}    for (long long i = (long long)0; i < (long long)n; ++i) {
// CHECK-NEXT: {{^}}      A[i] = 8.0;{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}}{{$}}
