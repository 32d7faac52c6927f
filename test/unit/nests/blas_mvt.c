// PolyBench mvt: x1 += A y1; x2 += A^T y2.
// EXPECT: i parallel
// EXPECT: j reduction + c2c_acc_x1
// EXPECT: i@2 parallel
// EXPECT: j@2 reduction + c2c_acc_x2
void mvt(int n, float x1[n], float x2[n], float y1[n], float y2[n],
         float A[n][n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x1[i] = x1[i] + A[i][j] * y1[j];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x2[i] = x2[i] + A[j][i] * y2[j];
#pragma endscop
}
