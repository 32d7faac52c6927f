/* Convolutions: one channel with a 3x3 filter, and a CNN layer. */

/* "Valid" 3x3 convolution (correlation, as CNNs use it). */
void conv3x3(int h, int w, float in[h][w], float k[3][3],
             float out[h - 2][w - 2]) {
#pragma scop
  for (int y = 0; y < h - 2; y++)
    for (int x = 0; x < w - 2; x++) {
      float acc = 0.0f;
      for (int r = 0; r < 3; r++)
        for (int s = 0; s < 3; s++)
          acc += k[r][s] * in[y + r][x + s];
      out[y][x] = acc;
    }
#pragma endscop
}

/* A convolution layer: out[co] = bias[co] + sum over the input channels of
 * a kh x kw filter; the output is ho x wo with ho = h - kh + 1. */
void conv_layer(int cout, int cin, int ho, int wo, int kh, int kw,
                float in[cin][ho + kh - 1][wo + kw - 1],
                float wt[cout][cin][kh][kw], float bias[cout],
                float out[cout][ho][wo]) {
#pragma scop
  for (int co = 0; co < cout; co++)
    for (int y = 0; y < ho; y++)
      for (int x = 0; x < wo; x++) {
        out[co][y][x] = bias[co];
        for (int ci = 0; ci < cin; ci++)
          for (int r = 0; r < kh; r++)
            for (int s = 0; s < kw; s++)
              out[co][y][x] += wt[co][ci][r][s] * in[ci][y + r][x + s];
      }
#pragma endscop
}
