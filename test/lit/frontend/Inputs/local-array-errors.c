void errors(int n, float *A) {
  float outside[4];
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float v[n];
    float big[64][64];
    char init[4] = "abc";
    A[i] = outside[i % 4];
  }
}
