// A 3-point smoothing in place: A[i - 1] is already new.
// EXPECT: i sequential flow 1
void smooth_inplace(int n, float *A) {
#pragma c2cuda kernel
  for (int i = 1; i < n - 1; i++)
    A[i] = (A[i - 1] + A[i] + A[i + 1]) / 3.0f;
}
