// A file-scope scalar the nests read and the function never changes is
// read when the function is called and passed to the kernels as a scalar
// parameter's value is; it may bound loops and size arrays like one.
// Global arrays of constant size are copied by their names
// (wholefile/whole-file.test). A global the function changes is refused
// (diagnostics/global-and-local-array.c).
#define N 64
float GA[N][N], GB[N][N];
float gscale = 2.0f;
int gn = 100;
const double gc = 0.5;

void transpose_scaled(void) {
#pragma c2cuda kernel
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      GB[i][j] = gscale * GA[j][i];
}

void bounded(float *x) {
#pragma c2cuda kernel
  for (int i = 0; i < gn; i++)
    x[i] = x[i] * gc + gscale;
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK --implicit-check-not=error:
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
// RUN: %c2cuda-check %s --size gn=37 --trials 2 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL --implicit-check-not=UNSUPPORTED
// ORACLE-COUNT-6: {{^}}CHECK {{[a-z_]+}} PASS

// CHECK-LABEL: {{^}}__global__ void {{.*}}transpose_scaled_kernel0(const float *__restrict__ GA, float *__restrict__ GB, float gscale) {{[{]}}{{$}}
// CHECK:       {{^}}extern "C" void transpose_scaled(void) {{[{]}}{{$}}
// CHECK:       {{^}}  c2c_transpose_scaled_body((float (*)[64])(GA), (float (*)[64])(GB), gscale, {{.*}});{{$}}
// CHECK:       {{^}}// No transpose_scaled_device: the function uses global arrays
// CHECK-LABEL: {{^}}__global__ void {{.*}}bounded_kernel0(float *__restrict__ x, double gc, int gn, float gscale) {{[{]}}{{$}}
// CHECK:       {{^}}extern "C" void bounded(float *x) {{[{]}}{{$}}
// CHECK:       {{^}}  const long long c2c_n_x = {{.*}}gn{{.*}};{{$}}
// CHECK:       {{^}}extern "C" void bounded_device(float *x) {{[{]}}{{$}}

// REMARK-NOT: error:
