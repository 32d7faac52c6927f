// Scalars declared in the body of a sequential loop no longer keep the loop
// in one thread: the loop runs on the host (HoistHostLoops), each scalar is
// a host variable with a device slot (KernelScalar::Resident), one-thread
// kernels set it from device data, and the kernels after them read the
// slot, with no copy to the host in between.

// The row's pivot, then the row scaled by it and the rows below updated.
void scale_rows(int n, double A[n][n], double d[n]) {
#pragma scop
  for (int k = 0; k < n; k++) {
    double s = A[k][k] + n;
    d[k] = s;
    for (int j = 0; j < n; j++)
      A[k][j] = A[k][j] / s;
    for (int i = k + 1; i < n; i++)
      for (int j = 0; j < n; j++)
        A[i][j] -= A[k][j] * 0.5;
  }
#pragma endscop
}

// Rows swapped by a permutation: 'p' substituted, j moves outside k.
void permute_rows(int n, const int piv[n], double A[n][n]) {
#pragma scop
  for (int k = 0; k < n; k++) {
    int p = (piv[k] % n + n) % n;
    for (int j = 0; j < n; j++) {
      double t = A[k][j];
      A[k][j] = A[p][j];
      A[p][j] = t;
    }
  }
#pragma endscop
}

// Conjugate gradients: sums into scalars of the iteration, and step sizes
// computed from them, all on the device.
void cg(int n, int iters, const double A[n][n], const double b[n],
        double x[n], double r[n], double p[n], double Ap[n]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    x[i] = 0.0;
    r[i] = b[i];
    p[i] = b[i];
  }
  for (int it = 0; it < iters; it++) {
    double rr = 0.0;
    for (int i = 0; i < n; i++)
      rr += r[i] * r[i];
    for (int i = 0; i < n; i++) {
      double s = 0.0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * p[j];
      Ap[i] = s;
    }
    double pAp = 0.0;
    for (int i = 0; i < n; i++)
      pAp += p[i] * Ap[i];
    double alpha = rr / (pAp + n);
    for (int i = 0; i < n; i++) {
      x[i] += alpha * p[i];
      r[i] -= alpha * Ap[i];
    }
  }
#pragma endscop
}

// Power iteration: the norm is declared outside the nest (the caller reads
// it) and set in the iteration's body, on the host.
// Its sum is the second loop named i: tiling takes the loop the mapping
// recorded (it took the first i, a parallel loop, and tiled the sum as
// element-wise code that raced on norm).
void power(int n, int iters, const float A[n][n], float x[n], float y[n],
           float lambda[1]) {
  float norm = 0.0f;
#pragma scop
  for (int it = 0; it < iters; it++) {
    for (int i = 0; i < n; i++) {
      float s = 0.0f;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = s;
    }
    norm = 0.0f;
    for (int i = 0; i < n; i++)
      norm += y[i] * y[i];
    norm = norm * 0.5f + 1.0f;
    for (int i = 0; i < n; i++)
      x[i] = y[i] / norm;
  }
#pragma endscop
  lambda[0] = norm;
}

// One name, two variables: the function's s, which a first nest sums into
// (copied per launch), and the s each row declares, which has a slot. The
// slot and its flags exist only in the row's scope (nvcc checks it).
void shadow(int n, double A[n][n], double x[n], double out[2]) {
  double s = 0.0;
#pragma scop
  for (int i = 0; i < n; i++)
    s = s * 0.5 + x[i];
  for (int k = 0; k < n; k++) {
    double s = A[k][k] + n;
    for (int j = 0; j < n; j++)
      A[k][j] = A[k][j] / s;
    for (int i = k + 1; i < n; i++)
      for (int j = 0; j < n; j++)
        A[i][j] -= A[k][j] * 0.5;
  }
#pragma endscop
  out[0] = s;
}

// RUN: %c2cuda -Wserial-kernel --allow-reassociation %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// CHECK: {{^}}{{.*}}host-loop-scalars.c:26:5: remark: substituted 'p' into its uses, so that the loops around it can be restructured or mapped together{{$}}
// CHECK: {{^}}{{.*}}host-loop-scalars.c:25:3: remark: restructured the loops: moved loop 'j' (line 27) outside loop 'k' (line 25); loop 'j' now runs in parallel{{$}}
// CHECK: {{^}}{{.*}}host-loop-scalars.c:11:5: remark: launched once per iteration of host loop 'k': {{.*}}{{$}}
// CHECK: {{^}}{{.*}}host-loop-scalars.c:11:5: warning: no parallel loop: the statements are not in a loop; runs as a single thread [-Wserial-kernel]{{$}}
// CHECK: {{^}}{{.*}}host-loop-scalars.c:13:5: remark: mapped j -> x (1-D grid, block 256){{$}}
// CHECK: {{^}}{{.*}}host-loop-scalars.c:15:5: remark: mapped j -> x, i -> y (2-D grid, block 32x8){{$}}
// CHECK: {{^}}{{.*}}host-loop-scalars.c:27:5: remark: mapped j -> x (1-D grid, block 256){{$}}
// CHECK: {{^}}{{.*}}host-loop-scalars.c:48:5: remark: reduction over i into rr (+) runs with atomic updates (allowed by --allow-reassociation){{$}}
// CHECK: {{^}}{{.*}}host-loop-scalars.c:57:5: remark: reduction over i into pAp (+) runs with atomic updates (allowed by --allow-reassociation){{$}}
// CHECK: {{^}}{{.*}}host-loop-scalars.c:59:5: warning: no parallel loop: the statements are not in a loop; runs as a single thread [-Wserial-kernel]{{$}}
// CHECK: {{^}}{{.*}}host-loop-scalars.c:60:5: remark: mapped i -> x (1-D grid, block 256){{$}}
// CHECK: {{^}}{{.*}}host-loop-scalars.c:84:5: remark: runs on the host: scalar statements outside every loop need no kernel{{$}}
// CHECK: {{^}}{{.*}}host-loop-scalars.c:87:5: remark: runs on the host: scalar statements outside every loop need no kernel{{$}}
// CHECK: {{^}}{{.*}}host-loop-scalars.c:85:5: remark: reduction over i into norm (+) runs with atomic updates (allowed by --allow-reassociation){{$}}
// RUN: FileCheck %s --check-prefix=CU < %t.cu
// The kernels read the scalar from its slot; the host never copies it back.
// CU-LABEL: // ===== scale_rows =====
// CU:      {{^}}__global__ void __launch_bounds__(256) scale_rows_kernel1(double *__restrict__ A, int k, int n, const double *__restrict__ c2c_ps_s) {{{$}}
// CU-NEXT: {{^}}  const double s = *c2c_ps_s;{{$}}
// CU-LABEL: static void c2c_scale_rows_body(
// CU-NEXT: {{^}}  c2c_scalar_slots c2c_slots(1, "scale_rows");{{$}}
// CU-NEXT: {{^}}  for (int k = 0; k < n; ++k) {{{$}}
// CU-NEXT: {{^}}    double s;{{$}}
// CU-NEXT: {{^}}    double *c2c_ds_s = (double *)c2c_slots.at(0);{{$}}
// CU-NOT:  cudaMemcpyDeviceToHost
// CU-LABEL: // Drop-in replacement for scale_rows
// CU-LABEL: static void c2c_permute_rows_body(
// CU-NOT:  c2c_slots
// CU:      {{^}}      permute_rows_kernel0<<<c2c_grid, c2c_block>>>(c2c_d_piv, c2c_d_A, n, c2c_trip_x);{{$}}
// CU-NOT:  cudaMemcpyDeviceToHost
// CU-LABEL: // Drop-in replacement for permute_rows
// CU-LABEL: static void c2c_cg_body(
// CU-NEXT: {{^}}  c2c_scalar_slots c2c_slots(3, "cg");{{$}}
// CU-NOT:  cudaMemcpyDeviceToHost
// CU-LABEL: // Drop-in replacement for cg
// RUN: %c2cuda-check %s --allow-reassociation --size n=13,iters=3 --trials 2 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --allow-reassociation --size n=1,iters=0 --trials 1 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// ORACLE-COUNT-5: {{^}}CHECK {{[a-z_]+}} PASS
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
