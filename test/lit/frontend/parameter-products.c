// A loop over a flattened array, `for (i = 0; i < n * m; i++)`, has a
// bound that multiplies sizes, which the analysis cannot use (not affine):
// nothing bounded the elements the loop reaches ("cannot infer how many
// elements"). The product is a host constant now (c2c_n_mul_m, computed as
// the C computes the bound), a parameter of its own to the analysis; the
// extent spells its definition, in long long.
// RUN: %c2cuda -q %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
// RUN: %c2cuda-check %s --size n=37,m=5,k=3,a=2 --trials 2 --random-schedules 2 | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size n=1,m=1,k=1,a=2 --trials 2 | FileCheck --check-prefix=ORACLE %s
// RUN: %c2cuda-check %s --size n=3,m=0,k=2,a=2 --trials 2 | FileCheck --check-prefix=ORACLE %s

void zero_nm(int n, int m, float *C) { // gpu-check: C[n*m]
#pragma c2cuda kernel
  for (int i = 0; i < n * m; i++)
    C[i] = 0;
}
void scale3(int n, int m, int k, float a, float *C) { // gpu-check: C[n*m*k]
#pragma c2cuda kernel
  for (long i = 0; i < (long)n * m * k; i++)
    C[i] *= a;
}
void axpy_rows(int n, int m, float a, const float *x, float *y) { // gpu-check: x[n*m] y[n*m]
#pragma c2cuda kernel
  for (int i = n * m - 1; i >= 0; i--)
    y[i] += a * x[i];
}

// CHECK-LABEL: {{^}}__global__ void {{.*}}zero_nm_kernel0(float *__restrict__ C, int c2c_n_mul_m) {{[{]$}}
// CHECK-NEXT:  {{^}}  long long c2c_trip_x = (long long)c2c_n_mul_m > 0LL ? (long long)c2c_n_mul_m : 0LL;{{$}}
// CHECK-LABEL: {{^}}static void c2c_zero_nm_body(
// CHECK-NEXT:  {{^}}  const int c2c_n_mul_m = n * m;{{$}}
// CHECK-LABEL: {{^}}extern "C" void zero_nm(int n, int m, float *C) {{[{]$}}
// CHECK-NEXT:  {{^}}  const long long c2c_n_C = (long long)n * (long long)m >= 1LL ? (long long)n * (long long)m : 0LL;{{$}}
// CHECK-LABEL: {{^}}static void c2c_scale3_body(
// CHECK-NEXT:  {{^}}  const long long c2c_long_long_n_mul_long_long_m_mul_long_long_k = (long long)n * (long long)m * (long long)k;{{$}}
// CHECK-LABEL: {{^}}static void c2c_axpy_rows_body(
// CHECK-NEXT:  {{^}}  const int c2c_n_mul_m = n * m;{{$}}

// ORACLE-NOT: FAIL
// ORACLE: CHECK zero_nm PASS
// ORACLE: CHECK scale3 PASS
// ORACLE: CHECK axpy_rows PASS
