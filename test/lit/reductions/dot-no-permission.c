// Without a reduction clause or --allow-reassociation, a reduction loop
// stays sequential (a single-thread kernel keeping s in a register), and the
// remark says how to allow it. With --allow-reassociation it runs on the
// grid with atomicAdd.
void dot(int n, const float *x, const float *y, float *out) {
  float s = 0.0f;
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  out[0] = s;
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=SEQ --input-file=%t.cu --implicit-check-not='atomic{{[A-Z_]}}'
// RUN: %c2cuda --allow-reassociation %s -o %t2.cu 2>&1 | FileCheck %s --check-prefix=ALLOW
// RUN: FileCheck %s --check-prefix=PAR --input-file=%t2.cu

// REMARK: {{^}}{{.*}}dot-no-permission.c:8:3: remark: i is a reduction into s (+); allow reassociation with 'reduction(+: s)' or --allow-reassociation to run it in parallel; runs as a single thread{{$}}

// SEQ: {{^}}__global__ void __launch_bounds__(1) dot_kernel0(const float *__restrict__ x, const float *__restrict__ y, int n, float *c2c_ps_s) {{[{]}}{{$}}
// SEQ-NEXT: {{^}}  float s = *c2c_ps_s;{{$}}
// SEQ-NEXT: {{^}}  #pragma unroll 1{{$}}
// SEQ-NEXT: {{^}}  for (int i = 0; i < n; ++i) {{[{]}}{{$}}
// SEQ-NEXT: {{^}}    s += x[i] * y[i];{{$}}
// SEQ: {{^}}  *c2c_ps_s = s;{{$}}

// ALLOW: {{^}}{{.*}}dot-no-permission.c:8:3: remark: mapped i -> x (1-D grid, block 256){{$}}
// ALLOW: {{^}}{{.*}}dot-no-permission.c:8:3: remark: reduction over i into s (+) runs with atomic updates (allowed by --allow-reassociation){{$}}
// PAR: {{^}}__global__ void __launch_bounds__(256) dot_kernel0(
// PAR: {{^}}      c2c_wpart0 = c2c_wpart0 + x[i] * y[i];{{$}}
// PAR: {{^}}    atomicAdd(c2c_ps_s, c2c_wpart0);{{$}}
