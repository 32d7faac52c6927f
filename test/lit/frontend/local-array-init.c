// A local array declared in a nest with a braced initializer (a filter's
// weights): each iteration's copy gets one assignment per element after
// the declaration, zero where C leaves no initializer (a short list, a
// missing row). The CPU oracle checks the lowering.
// RUN: %c2cuda -q %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %c2cuda-check --size n=23,m=31 --trials 2 %s | FileCheck %s --check-prefix=ORACLE

void smooth(int n, int m, const float *in, float *out) {
#pragma c2cuda kernel
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++) {
      const float w[3][3] = {{1, 2, 1}, {2, 4}};
      int pick[4] = {3, 1};
      float s = 0;
      for (int a = -1; a <= 1; a++)
        for (int b = -1; b <= 1; b++)
          s += w[a + 1][b + 1] * in[(i + a) * m + j + b];
      out[i * m + j] = s / 16 + pick[(i + j) % 4];
    }
}

// CHECK:      {{^ +}}float w[3][3];{{$}}
// CHECK-NEXT: {{^ +}}w[0][0] = (float)1;{{$}}
// CHECK-NEXT: {{^ +}}w[0][1] = (float)2;{{$}}
// CHECK-NEXT: {{^ +}}w[0][2] = (float)1;{{$}}
// CHECK-NEXT: {{^ +}}w[1][0] = (float)2;{{$}}
// CHECK-NEXT: {{^ +}}w[1][1] = (float)4;{{$}}
// CHECK-NEXT: {{^ +}}w[1][2] = 0.0f;{{$}}
// CHECK-NEXT: {{^ +}}w[2][0] = 0.0f;{{$}}
// CHECK:      {{^ +}}int pick[4];{{$}}
// CHECK-NEXT: {{^ +}}pick[0] = 3;{{$}}
// CHECK-NEXT: {{^ +}}pick[1] = 1;{{$}}
// CHECK-NEXT: {{^ +}}pick[2] = 0;{{$}}
// CHECK-NEXT: {{^ +}}pick[3] = 0;{{$}}
// ORACLE: {{^}}CHECK smooth PASS{{.*}}
