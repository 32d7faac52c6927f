// A local array of the function with a braced initializer that nothing
// writes (a filter's weights declared before the nest) is copied into the
// nest: each point gets its own initialized copy at the top of the loops
// the nest starts with, and the host declaration goes when no host
// statement reads it. An array the function writes is still refused.
// RUN: %c2cuda -q %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: not %c2cuda -q %S/Inputs/local-array-written.c -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error:
// RUN: %c2cuda-check --size n=23,m=31 --trials 2 --random-schedules 2 --function blur %s | FileCheck %s --check-prefix=ORACLE
// RUN: %c2cuda-check --size n=23,m=31 --trials 2 --function weighted %s | FileCheck %s --check-prefix=ORACLE2

void blur(int n, int m, const float *in, float *out) {
  const float k[3][3] = {{1, 2, 1}, {2, 4, 2}, {1, 2, 1}};
#pragma c2cuda kernel
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++) {
      float s = 0;
      for (int a = -1; a <= 1; a++)
        for (int b = -1; b <= 1; b++)
          s += k[a + 1][b + 1] * in[(i + a) * m + j + b];
      out[i * m + j] = s / 16;
    }
}

// Not const, but never written: copied too; the host reads it as well, so
// its declaration stays.
void weighted(int n, int m, const float *in, float *out) {
  float w[4] = {0.1f, 0.2f, 0.3f, 0.4f};
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      out[i * m + j] = w[(i + j) % 4] * in[i * m + j];
  out[0] += w[0];
}

// CHECK-LABEL: {{ }}blur_kernel0(
// CHECK:      {{^ +}}float k[3][3];{{$}}
// CHECK-NEXT: {{^ +}}k[0][0] = (float)1;{{$}}
// CHECK-LABEL: c2c_blur_body(
// CHECK-NOT:  const float k[3][3]
// CHECK-LABEL: {{ }}weighted_kernel0(
// CHECK:      {{^ +}}float w[4];{{$}}
// CHECK-NEXT: {{^ +}}w[0] = 0.100000001f;{{$}}
// CHECK-LABEL: c2c_weighted_body(
// CHECK:      {{^}}  float w[4] = {0.100000001F, 0.200000003F, 0.300000012F, 0.400000006F};{{$}}

// ERR: {{^}}{{.*}}local-array-written.c:6:14: error: local array 't' declared outside the nest cannot be used in it{{$}}
// ORACLE: {{^}}CHECK blur PASS sched=2{{.*}}
// The host reads w too: its declaration is C text the oracle does not run.
// ORACLE2: {{^}}CHECK weighted UNSUPPORTED {{.*}}host code not interpretable{{.*}}
