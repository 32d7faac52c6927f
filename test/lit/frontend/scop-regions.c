// Every top-level statement of a scop region is a nest of its own; the
// statements around the region stay on the host.
void scop(int n, float *A, float *B, float alpha) {
  int half = n / 2;
#pragma scop
  for (int i = 0; i < n; i++)
    A[i] = alpha * B[i];
  for (int i = 0; i < half; i++)
    B[i] = A[i] + A[i + half];
  alpha = 2.0f;
#pragma endscop
  B[0] = alpha;
}

// RUN: %c2cuda %s --dump-ir | FileCheck %s
// CHECK: {{^}}module {{.*}}scop-regions.c{{$}}
// CHECK-LABEL: {{^}}function void scop(int n, float *A, float *B, float alpha) {
// CHECK-NEXT: {{^}}  host constant half = n / 2{{$}}
// CHECK-NEXT: {{^}}  host sets(half):{{$}}
// CHECK-NEXT: {{^}}    int half = n / 2;{{$}}
// CHECK-NEXT: {{^}}  nest 0 at {{.*}}scop-regions.c:6:3 {
// CHECK-NEXT: {{^}}    for (int i = 0; i < n; ++i) {
// CHECK-NEXT: {{^}}      A[i] = alpha * B[i];{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}  nest 1 at {{.*}}scop-regions.c:8:3 {
// CHECK-NEXT: {{^}}    for (int i = 0; i < half; ++i) {
// CHECK-NEXT: {{^}}      B[i] = A[i] + A[i + half];{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}  nest 2 at {{.*}}scop-regions.c:10:3 {
// CHECK-NEXT: {{^}}    alpha = 2.0f;{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}  host writes(B):{{$}}
// CHECK-NEXT: {{^}}    B[0] = alpha;{{$}}
// CHECK-NEXT: {{^}}}{{$}}
