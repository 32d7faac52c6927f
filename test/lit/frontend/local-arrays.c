// Local arrays of constant size declared inside a nest are private to each
// iteration of the loops around them (one copy per thread): the loop stays
// parallel, the kernel declares the array, and the CPU oracle agrees with C.
// Tiling that would strip-mine a loop after such a declaration is refused.
void window(int n, int m, float A[n][m + 2], float B[n][m]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float w[3];
      for (int k = 0; k < 3; k++)
        w[k] = A[i][j + k];
      B[i][j] = w[0] + 2.0f * w[1] + w[2];
    }
}

void pairs(int n, float *A, float *B) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float t[2][2];
    for (int a = 0; a < 2; a++)
      for (int b = 0; b < 2; b++)
        t[a][b] = A[4 * i + 2 * a + b];
    B[i] = t[0][0] * t[1][1] - t[0][1] * t[1][0];
  }
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cu
// RUN: %c2cuda-check --size n=13,m=9 --trials 3 %s | FileCheck %s --check-prefix=ORACLE
// RUN: not %c2cuda -q %S/Inputs/local-array-strip.c -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=STRIP
// RUN: not %c2cuda -q %S/Inputs/local-array-errors.c -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error:
// REMARK: {{^}}{{.*}}local-arrays.c:7:3: remark: mapped j -> x, i -> y (2-D grid, block 32x8){{$}}
// REMARK: {{^}}{{.*}}local-arrays.c:18:3: remark: mapped i -> x (1-D grid, block 256){{$}}
// CHECK: {{^ *}}float w[3];{{$}}
// CHECK: {{^ *}}w[k] = A[(long long)i * (m + 2) + (j + k)];{{$}}
// CHECK: {{^}}    float t[2][2];{{$}}
// CHECK: {{^}}        t[a][b] = A[4 * (long long)i + 2 * (long long)a + b];{{$}}
// ORACLE: {{^}}CHECK window PASS{{.*}}
// ORACLE: {{^}}CHECK pairs PASS{{.*}}
// STRIP: {{^}}{{.*}}local-array-strip.c:3:23: error: tile(k: 8) cannot strip-mine 'k': the local array 't' declared before it would be shared by the points{{$}}
// ERR: {{^}}{{.*}}local-array-errors.c:5:11: error: local array 'v' must have a constant size{{$}}
// ERR: {{^}}{{.*}}local-array-errors.c:6:11: error: local array 'big' has 4096 elements; each thread keeps its own copy, so at most 1024 are allowed{{$}}
// ERR: {{^}}{{.*}}local-array-errors.c:7:20: error: local array 'init' can only be initialized with a braced list in an offloaded nest{{$}}
// ERR: {{^}}{{.*}}local-array-errors.c:8:12: error: local array 'outside' declared outside the nest cannot be used in it{{$}}
