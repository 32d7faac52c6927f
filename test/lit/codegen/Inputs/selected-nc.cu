// The kernel c2cuda emitted for sel_seq_int before the fix: B is
// `const __restrict__`, and nvcc loads the select of &B[i / 2] and
// &A[i - 1] through ld.global.nc. check-ptx-nc.py must flag it.
__global__ void sel_seq_int_kernel0(int *__restrict__ A,
                                    const int *__restrict__ B, int n) {
  for (int i = 1; i <= n - 1; ++i) {
    A[i] = B[i] * 5;
    A[i - 1] = i % 3 == 1 ? B[i / 2] : A[i - 1];
  }
}
