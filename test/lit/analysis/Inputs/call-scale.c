// Calls scale() with n * m - 8 < 0: its extent clause for A is negative.
void scale(int n, int m, float *A, float *B);
int main(void) {
  float A[2] = {1, 2}, B[2] = {0, 0};
  scale(1, 2, A, B);
  return 0;
}
