// Kernels with only native atomics (or none) get no compare-and-swap helper.
void dot(int n, const float *x, const float *y, float *out) {
  float s = 0.0f;
#pragma c2cuda kernel reduction(+: s)
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  out[0] = s;
}

// RUN: %c2cuda -q %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu --implicit-check-not=c2c_atomic_cas
// CHECK: {{^}}    atomicAdd(c2c_ps_s, c2c_wpart0);{{$}}
