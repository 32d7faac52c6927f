// The nests of examples/nmf.c: W^T V, W^T W, W^T W H (inside the host
// iteration loop) and the multiplicative update.
// EXPECT: k parallel
// EXPECT: t parallel
// EXPECT: f reduction + acc
// EXPECT: k@2 parallel
// EXPECT: l parallel
// EXPECT: f@2 reduction + acc
// EXPECT: k@3 parallel
// EXPECT: t@2 parallel
// EXPECT: l@2 reduction + acc
// EXPECT: k@4 parallel
// EXPECT: t@3 parallel
void nmf_supervised(int F, int T, int K, int iters, float eps, const float *V,
                    const float *W, float *H, float *WtV, float *WtW,
                    float *WtWH) {
#pragma c2cuda kernel
  for (int k = 0; k < K; k++)
    for (int t = 0; t < T; t++) {
      float acc = 0.0f;
      for (int f = 0; f < F; f++)
        acc += W[f * K + k] * V[f * T + t];
      WtV[k * T + t] = acc;
    }

#pragma c2cuda kernel
  for (int k = 0; k < K; k++)
    for (int l = 0; l < K; l++) {
      float acc = 0.0f;
      for (int f = 0; f < F; f++)
        acc += W[f * K + k] * W[f * K + l];
      WtW[k * K + l] = acc;
    }

  for (int it = 0; it < iters; ++it) {
#pragma c2cuda kernel
    for (int k = 0; k < K; k++)
      for (int t = 0; t < T; t++) {
        float acc = 0.0f;
        for (int l = 0; l < K; l++)
          acc += WtW[k * K + l] * H[l * T + t];
        WtWH[k * T + t] = acc;
      }

#pragma c2cuda kernel
    for (int k = 0; k < K; k++)
      for (int t = 0; t < T; t++)
        H[k * T + t] = H[k * T + t] * WtV[k * T + t] / (WtWH[k * T + t] + eps);
  }
}
