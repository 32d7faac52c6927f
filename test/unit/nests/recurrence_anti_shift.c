// A[i] = A[i + 2]: iteration i reads what iteration i + 2 overwrites.
// EXPECT: i sequential anti 2
void shift_left(int n, float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n - 2; i++)
    A[i] = A[i + 2];
}
