// examples/conv2d.c: a private accumulator reduced over the 3x3 window.
// EXPECT: i parallel
// EXPECT: j parallel
// EXPECT: r reduction + acc
// EXPECT: s reduction + acc
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
