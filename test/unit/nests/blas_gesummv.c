// PolyBench gesummv: two reductions in the same j loop.
// EXPECT: i parallel
// EXPECT: j reduction + c2c_acc_tmp | + c2c_acc_y
void gesummv(int n, float alpha, float beta, float A[n][n], float B[n][n],
             float tmp[n], float x[n], float y[n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    tmp[i] = 0.0f;
    y[i] = 0.0f;
    for (int j = 0; j < n; j++) {
      tmp[i] = A[i][j] * x[j] + tmp[i];
      y[i] = B[i][j] * x[j] + y[i];
    }
    y[i] = alpha * tmp[i] + beta * y[i];
  }
}
