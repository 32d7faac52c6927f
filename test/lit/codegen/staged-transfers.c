// The drop-in entry copies its arrays with c2c_copy_all (one table per
// direction): large pageable copies go through pinned staging buffers
// (runtime/staged-transfers.cuh), the rest through cudaMemcpy. Inputs are
// not copied back; an array the device only writes is copied in too.
// --no-staged-transfers keeps one cudaMemcpy per array and leaves the
// runtime out. The _device entry copies nothing either way.
// RUN: %c2cuda -q %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %c2cuda -q --no-staged-transfers %s -o %t.plain.cu
// RUN: FileCheck %s --check-prefix=PLAIN --input-file=%t.plain.cu

void scale_rows(int n, int m, const float *s, const float *x, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      y[i * m + j] = s[i] * x[i * m + j];
}

// CHECK: {{^}}struct c2c_transfer {{{$}}
// CHECK: {{^}}static void c2c_copy_all(const c2c_transfer *t, int count,
// CHECK-LABEL: {{^}}extern "C" void scale_rows(int n, int m, const float *s, const float *x, float *y) {{{$}}
// CHECK: {{^}}  c2c_alloc((void **)&c2c_d_y,
// CHECK-NEXT: {{^}}  const c2c_transfer c2c_to_device[] = {{[{][{]}}"s", (void *)s, c2c_d_s, c2c_n_s, sizeof(float)}, {"x", (void *)x, c2c_d_x, c2c_n_x, sizeof(float)}, {"y", (void *)y, c2c_d_y, c2c_n_y, sizeof(float)}};{{$}}
// CHECK-NEXT: {{^}}  c2c_copy_all(c2c_to_device, 3, cudaMemcpyHostToDevice, "scale_rows", "staged-transfers.c:12");{{$}}
// CHECK-NEXT: {{^}}  c2c_scale_rows_body(
// CHECK-NEXT: {{^}}  const c2c_transfer c2c_to_host[] = {{[{][{]}}"y", (void *)y, c2c_d_y, c2c_n_y, sizeof(float)}};{{$}}
// CHECK-NEXT: {{^}}  c2c_copy_all(c2c_to_host, 1, cudaMemcpyDeviceToHost, "scale_rows", "staged-transfers.c:12");{{$}}
// CHECK-NEXT: {{^}}  c2c_check(cudaFree(c2c_d_s)
// CHECK-LABEL: {{^}}extern "C" void scale_rows_device(
// CHECK-NOT: c2c_copy
// CHECK: {{^}}}{{$}}

// PLAIN-NOT: c2c_transfer
// PLAIN-LABEL: {{^}}extern "C" void scale_rows(int n, int m, const float *s, const float *x, float *y) {{{$}}
// PLAIN: {{^}}  c2c_copy(c2c_d_s, s, c2c_n_s, sizeof(float), cudaMemcpyHostToDevice, "cudaMemcpy of 's' to the device", "scale_rows", "staged-transfers.c:12");{{$}}
// PLAIN: {{^}}  c2c_copy(c2c_d_y, y, c2c_n_y, sizeof(float), cudaMemcpyHostToDevice,
// PLAIN-NEXT: {{^}}  c2c_scale_rows_body(
// PLAIN-NEXT: {{^}}  c2c_copy((void *)y, c2c_d_y, c2c_n_y, sizeof(float), cudaMemcpyDeviceToHost, "cudaMemcpy of 'y' to the host", "scale_rows", "staged-transfers.c:12");{{$}}
// PLAIN-NEXT: {{^}}  c2c_check(cudaFree(c2c_d_s)
// PLAIN-NOT: c2c_copy_all
