// PackCheckerboards: a 2-D array swept one colour at a time inside a host
// loop (time steps) lives in the packed checkerboard layout for the call.
// The body packs the caller's device array when it starts and unpacks it
// when it ends; kernels index the packed buffer. A sweep outside any host
// loop, an array host code reads between the sweeps, and a pointer indexed
// by hand keep the caller's layout. The CPU oracle packs as the body does
// (it cannot run probed's host statement).
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %c2cuda -q --no-checkerboard-layout %s -o %t.off.cu
// RUN: FileCheck %s --input-file=%t.off.cu --check-prefix=OFF
// RUN: %c2cuda-check %s --size steps=3,n=13,c=1,h2=1 --random-schedules 3 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size steps=2,n=6,c=0,h2=1 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL

void red_black(int steps, int n, float A[n][n]) {
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int c = 0; c < 2; c++)
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
          if ((i + j) % 2 == c)
            A[i][j] = 0.25f * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] +
                               A[i][j + 1]);
#pragma endscop
}

void one_colour(int n, int c, float A[n][n]) {
#pragma c2cuda kernel
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      if ((i + j) % 2 == c)
        A[i][j] = 0.5f * (A[i - 1][j] + A[i + 1][j]);
}

void probed(int steps, int n, float A[n][n], float r[steps]) {
  for (int t = 0; t < steps; t++) {
#pragma c2cuda kernel
    for (int c = 0; c < 2; c++)
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
          if ((i + j) % 2 == c)
            A[i][j] = 0.25f * (A[i - 1][j] + A[i + 1][j]);
    r[t] = A[n / 2][n / 2];
  }
}

void linear(int steps, int n, float *A) {
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int c = 0; c < 2; c++)
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
          if ((i + j) % 2 == c)
            A[i * n + j] = 0.25f * (A[(i - 1) * n + j] + A[(i + 1) * n + j]);
#pragma endscop
}

// A right-hand side only read is packed too, and not written back.
void rb_poisson(int steps, int n, float h2, const float F[n][n],
                float U[n][n]) {
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int c = 0; c < 2; c++)
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
          if ((i + j) % 2 == c)
            U[i][j] = 0.25f * (U[i - 1][j] + U[i + 1][j] + U[i][j - 1] +
                               U[i][j + 1] - h2 * F[i][j]);
#pragma endscop
}

// REMARK: {{^}}{{.*}}checkerboard-layout.c:19:7: remark: 'A' in the packed checkerboard layout: each colour of (i + j) % 2 a dense array, so a sweep of one colour moves only its points (packed when red_black starts, unpacked when it ends; --no-checkerboard-layout keeps the caller's layout){{$}}
// REMARK: {{^}}{{.*}}checkerboard-layout.c:40:9: remark: 'A' keeps the caller's layout, though kernels sweep one colour of it at a time: host code between the kernels reads or writes it{{$}}
// REMARK: {{^}}{{.*}}checkerboard-layout.c:{{[0-9]+}}:7: remark: 'F' in the packed checkerboard layout: {{.*}}(packed when rb_poisson starts, {{.*}}
// REMARK: {{^}}{{.*}}checkerboard-layout.c:{{[0-9]+}}:7: remark: 'U' in the packed checkerboard layout: {{.*}}(packed when rb_poisson starts, {{.*}}
// REMARK-NOT: packed checkerboard layout

// The runtime, once; red_black's kernel indexes the packed buffer.
// CHECK:     {{^}}static T *c2c_pack_checkerboard(const T *user, long long r, long long c,{{$}}
// CHECK:     {{^}}__global__ void {{.*}}red_black_kernel0(float *__restrict__ A, int c, int n) {{{$}}
// CHECK:     {{^}}            A[((long long)i + ((long long)((c - i - 1) & 1) + 1LL) & 1LL) * ((long long)n * (((long long)n + 1LL) / 2LL)) + (long long)i * (((long long)n + 1LL) / 2LL) + (((long long)((c - i - 1) & 1) + 1LL >> 1LL) + (long long)j)] = 0.25f * {{.*}}
// CHECK:     {{^}}static void c2c_red_black_body(int steps, int n, c2c_vla<float, 1> A, float *c2c_d_A, long long c2c_n_A) {{{$}}
// CHECK-NEXT: {{^}}  // The kernels index 'A' one colour after the other (PackCheckerboards).{{$}}
// CHECK-NEXT: {{^}}  float *c2c_caller_A = c2c_d_A;{{$}}
// CHECK-NEXT: {{^}}  c2c_d_A = c2c_pack_checkerboard(c2c_caller_A, (long long)(n), (long long)(n), "cudaMalloc of the checkerboard layout of 'A'", "red_black", "checkerboard-layout.c:{{[0-9]+}}");{{$}}
// CHECK-NEXT: {{^}}  for (int t = 0; t < steps; ++t) {{{$}}
// CHECK:      {{^}}  c2c_unpack_checkerboard(c2c_d_A, c2c_caller_A, (long long)(n), (long long)(n), "cudaFree of the checkerboard layout of 'A'", "red_black", "checkerboard-layout.c:{{[0-9]+}}");{{$}}
// CHECK-NEXT: {{^}}}{{$}}
// The other functions keep A's rows.
// CHECK:     {{^}}static void c2c_one_colour_body(
// CHECK-NOT: checkerboard_
// CHECK:     {{^}}static void c2c_probed_body(
// CHECK-NOT: checkerboard_
// CHECK:     {{^}}static void c2c_linear_body(
// CHECK-NOT: checkerboard_
// CHECK:     {{^}}static void c2c_rb_poisson_body(
// CHECK:     {{^}}  c2c_unpack_checkerboard(c2c_d_F, (float *)nullptr, (long long)(n), (long long)(n), {{.*}}
// CHECK-NEXT: {{^}}  c2c_unpack_checkerboard(c2c_d_U, c2c_caller_U, (long long)(n), (long long)(n), {{.*}}

// OFF-NOT: checkerboard_
// OFF:     {{^}}__global__ void {{.*}}red_black_kernel0(float *__restrict__ A, int c, int n) {{{$}}
// OFF:     {{^}}            A[(long long)i * n + (1 + ((c - i - 1) & 1) + 2 * j)] = 0.25f * {{.*}}

// ORACLE: {{^}}CHECK red_black PASS{{.*}}
// ORACLE: {{^}}CHECK one_colour PASS{{.*}}
// ORACLE: {{^}}CHECK linear PASS{{.*}}
// ORACLE: {{^}}CHECK rb_poisson PASS{{.*}}
