// A 3x3 convolution accumulating straight into the output element (kept
// in a register across r and s: out is declared with the loops' bounds).
// EXPECT: i parallel
// EXPECT: j parallel
// EXPECT: r reduction + c2c_acc_out
// EXPECT: s reduction + c2c_acc_out
void conv_acc(int H, int W, float in[H][W], float w[3][3],
              float out[H - 2][W - 2]) {
#pragma c2cuda kernel
  for (int i = 0; i < H - 2; i++)
    for (int j = 0; j < W - 2; j++)
      for (int r = 0; r < 3; r++)
        for (int s = 0; s < 3; s++)
          out[i][j] += w[r][s] * in[i + r][j + s];
}
