// Scalar statements outside every loop of a scop run on the host
// (HoistHostLoops): no one-thread kernel, no copies of DX and DT to and from
// the device; the kernels that follow read them by value. The CPU oracle
// runs the host statements too.
void heat(int n, int tsteps, double *A, double *B) {
  double DX, DT;
#pragma scop
  DX = 1.0 / n;
  DT = DX * DX * 0.25;
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      B[i] = A[i] + DT * (A[i - 1] - 2.0 * A[i] + A[i + 1]);
    for (int i = 1; i < n - 1; i++)
      A[i] = B[i];
  }
#pragma endscop
}
// RUN: %c2cuda %s -Werror=serial-kernel -o %t.cu 2>&1 | FileCheck --check-prefix=REMARK --implicit-check-not=warning: --implicit-check-not=error: %s
// RUN: FileCheck %s --implicit-check-not='<<<1, 1>>>' < %t.cu
// REMARK: {{^}}{{.*}}.c:8:3: remark: runs on the host: scalar statements outside every loop need no kernel{{$}}
// REMARK: {{^}}{{.*}}.c:9:3: remark: runs on the host: scalar statements outside every loop need no kernel{{$}}
// CHECK-LABEL: {{^}}static void c2c_heat_body(
// CHECK-NEXT: {{^}}  double DX, DT;{{$}}
// CHECK-NEXT: {{^}}  DX = 1.0 / (double)n;{{$}}
// CHECK-NEXT: {{^}}  DT = DX * DX * 0.25;{{$}}
// CHECK-NEXT: {{^}}  for (int t = 0; t < tsteps; ++t) {{{$}}
// CHECK: heat_kernel0<<<c2c_grid, c2c_block>>>(c2c_d_A, c2c_d_B, DT, n);
// RUN: %c2cuda-check %s --size n=37,tsteps=3 --trials 2 | FileCheck --check-prefix=ORACLE %s
// ORACLE: {{^}}CHECK heat PASS
