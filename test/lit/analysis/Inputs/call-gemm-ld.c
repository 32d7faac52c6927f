// Calls gemm_ld() with lda = 2 < k = 3: rows of A overlap.
void gemm_ld(int m, int n, int k, const float *A, int lda, const float *B,
             int ldb, float *C, int ldc);
int main(void) {
  float A[16] = {0}, B[32] = {0}, C[32] = {0};
  gemm_ld(2, 4, 3, A, 2, B, 4, C, 4);
  return 0;
}
