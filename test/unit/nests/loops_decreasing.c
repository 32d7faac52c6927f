// Decreasing loops: the earlier iteration has the larger iterator. A shift
// to the right reads what the next iteration overwrites (anti); a suffix sum
// reads what the previous iteration wrote (flow).
// EXPECT: i sequential anti 1
// EXPECT: i@2 sequential flow 1
// EXPECT: i@3 parallel
void down(int n, float *A, float *C, float *D) {
#pragma c2cuda kernel
  for (int i = n - 1; i >= 1; i--)
    A[i] = A[i - 1];
#pragma c2cuda kernel
  for (int i = n - 2; i >= 0; i--)
    C[i] += C[i + 1];
#pragma c2cuda kernel
  for (int i = n; i > 0; i--)
    D[i - 1] = 2.0f * D[i - 1];
}
