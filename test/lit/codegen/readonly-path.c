// A read-only array keeps `const __restrict__` (nvcc's read-only path)
// unless nvcc could merge its loads with loads of an array the kernel
// writes and reads (lib/codegen/ReadOnlyPath.h): the arms of a conditional,
// two assignments of one variable. Inputs/wrong-results.c has the cases
// that computed wrong results; these are the ones that must keep it.
// RUN: %c2cuda -q %s -o - | FileCheck %s
// RUN: %c2cuda -q %S/Inputs/wrong-results.c -o - | FileCheck %s --check-prefix=WRONG

// Loads of A and B meet at no join: both keep __restrict__.
void gemm_beta(int n, float alpha, float beta, float *C, float *A, float *B) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      C[i * n + j] *= beta;
      for (int k = 0; k < n; k++)
        C[i * n + j] += alpha * A[i * n + k] * B[k * n + j];
    }
}
// CHECK-LABEL: {{^}}__global__ void {{.*}}gemm_beta_kernel0(
// CHECK-SAME: float *__restrict__ C, const float *__restrict__ A, const float *__restrict__ B

// A conditional between two read-only arrays: nothing written is read.
void select_read_only(int n, float *out, float *x, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    out[i] = i % 2 ? x[i] : y[i];
}
// CHECK-LABEL: {{^}}__global__ void {{.*}}select_read_only_kernel0(
// CHECK-SAME: float *__restrict__ out, const float *__restrict__ x, const float *__restrict__ y

// A conditional between a read-only array and a constant.
void select_constant(int n, float *A, float *B) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    A[i] = A[i] + (i > 0 ? B[i - 1] : 0.0f);
}
// CHECK-LABEL: {{^}}__global__ void {{.*}}select_constant_kernel0(
// CHECK-SAME: float *__restrict__ A, const float *__restrict__ B

// Different operators on each side are never folded into one load.
void select_shapes(int n, float *A, float *B) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    A[i] = i % 2 ? B[i] * 2.0f : A[i] + 1.0f;
}
// CHECK-LABEL: {{^}}__global__ void {{.*}}select_shapes_kernel0(
// CHECK-SAME: float *__restrict__ A, const float *__restrict__ B

// The same operator on each side is: B loses __restrict__.
void select_same_shape(int n, float *A, float *B) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    A[i] = i % 2 ? B[i] * 2.0f : A[i] * 2.0f;
}
// CHECK-LABEL: {{^}}__global__ void {{.*}}select_same_shape_kernel0(
// CHECK-SAME: float *__restrict__ A, const float *B,

// WRONG-LABEL: {{^}}__global__ void {{.*}}sel_seq_int_kernel0(int *__restrict__ A, const int *B, int n)
// WRONG-LABEL: {{^}}__global__ void {{.*}}sel_seq_float_kernel0(float *__restrict__ A, const float *B, int n)
// WRONG-LABEL: {{^}}__global__ void {{.*}}sel_par_float_kernel0(float *__restrict__ D, const float *E, const float *__restrict__ W,
// WRONG-LABEL: {{^}}__global__ void {{.*}}sel_par_int_kernel0(int *__restrict__ D, const int *E, const int *__restrict__ W,
// WRONG-LABEL: {{^}}__global__ void {{.*}}sel_3d_kernel0(float *__restrict__ A, const float *__restrict__ B, const float *C,
// WRONG-LABEL: {{^}}__global__ void {{.*}}if_else_local_kernel0(int *__restrict__ A, const int *B, int n)
// WRONG-LABEL: {{^}}__global__ void {{.*}}overwrite_local_kernel0(float *__restrict__ A, const float *B, int n)
// WRONG-LABEL: {{^}}__global__ void {{.*}}guard_select_kernel0(const float *__restrict__ A, float *__restrict__ B, int n)
