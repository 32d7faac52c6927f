/* Supervised NMF: with a fixed, pre-trained dictionary W (F x K, row-major),
 * find activations H (K x T) such that V ~= W H for the data V (F x T), by
 * `iters` multiplicative updates H <- H .* (W^T V) ./ (W^T W H + eps).
 * WtV (K x T), WtW (K x K) and WtWH (K x T) are scratch arrays of the
 * caller. W^T V and W^T W do not change, so they are computed once; the
 * iteration loop stays on the host and launches the two update nests. */
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
