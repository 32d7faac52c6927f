// Array parameters: pointers (const, restrict), VLAs, fixed sizes, an
// unknown outer dimension and a pointer to rows.
void arrays(int n, int m, const float *restrict P, double V[n][m + 1],
            int F[16][32], float R[][8], float (*Q)[4], unsigned long s) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      V[i][j + 1] = P[i * m + j];
      F[i % 16][j % 32] = i + j;
      R[i][j % 8] = Q[i][j % 4] + s;
    }
}

// RUN: %c2cuda --no-restructure %s --dump-ir | FileCheck %s
// CHECK: {{^}}module {{.*}}arrays.c{{$}}
// CHECK-LABEL: {{^}}function void arrays(int n, int m, const float *restrict P, double V[n][m + 1], int F[16][32], float R[][8], float Q[][4], unsigned long long s) {
// CHECK-NEXT: {{^}}  nest 0 at {{.*}}arrays.c:6:3 {
// CHECK-NEXT: {{^}}    for (int i = 0; i < n; ++i) {
// CHECK-NEXT: {{^}}      for (int j = 0; j < m; ++j) {
// CHECK-NEXT: {{^}}        V[i][j + 1] = (double)P[i * m + j];{{$}}
// CHECK-NEXT: {{^}}        F[i % 16][j % 32] = i + j;{{$}}
// CHECK-NEXT: {{^}}        R[i][j % 8] = Q[i][j % 4] + (float)s;{{$}}
// CHECK-NEXT: {{^}}      }{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}}{{$}}
