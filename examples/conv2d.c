/* "Valid" 2-D convolution (correlation, as in deep learning) of a
 * single-channel H x W image with a 3x3 or a 5x5 mask. The output has
 * (H-2) x (W-2), resp. (H-4) x (W-4), elements, row-major. */
void conv2d_3x3(int H, int W, const float *in, const float mask[3][3],
                float *out) {
#pragma c2cuda kernel
  for (int i = 0; i < H - 2; i++)
    for (int j = 0; j < W - 2; j++) {
      float acc = 0.0f;
      for (int r = 0; r < 3; r++)
        for (int s = 0; s < 3; s++)
          acc += mask[r][s] * in[(i + r) * W + (j + s)];
      out[i * (W - 2) + j] = acc;
    }
}

void conv2d_5x5(int H, int W, const float *in, const float mask[5][5],
                float *out) {
#pragma c2cuda kernel
  for (int i = 0; i < H - 4; i++)
    for (int j = 0; j < W - 4; j++) {
      float acc = 0.0f;
      for (int r = 0; r < 5; r++)
        for (int s = 0; s < 5; s++)
          acc += mask[r][s] * in[(i + r) * W + (j + s)];
      out[i * (W - 4) + j] = acc;
    }
}
