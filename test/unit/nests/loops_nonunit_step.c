// Steps of 2: A[i] = A[i + 1] touches odd elements only as reads (parallel);
// B[i] = B[i - 2] reads the previous iteration's write (distance 1 in
// iterations, 2 in indices).
// EXPECT: i parallel
// EXPECT: i@2 sequential flow 1
void steps(int n, float *A, float *B) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i += 2)
    A[i] = A[i + 1];
#pragma c2cuda kernel
  for (int i = 2; i < n; i += 2)
    B[i] = 0.5f * B[i - 2];
}
