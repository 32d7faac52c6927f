// examples/conv_multi.c: batched multi-channel convolution.
// EXPECT: n parallel
// EXPECT: k parallel
// EXPECT: p parallel
// EXPECT: q parallel
// EXPECT: c reduction + acc
// EXPECT: r reduction + acc
// EXPECT: s reduction + acc
void conv_multi(int N, int C, int H, int W, int K, int R, int S,
                const float *in, const float *filt, float *out) {
  int P = H - R + 1;
  int Q = W - S + 1;
#pragma c2cuda kernel
  for (int n = 0; n < N; n++)
    for (int k = 0; k < K; k++)
      for (int p = 0; p < P; p++)
        for (int q = 0; q < Q; q++) {
          float acc = 0.0f;
          for (int c = 0; c < C; c++)
            for (int r = 0; r < R; r++)
              for (int s = 0; s < S; s++)
                acc += in[((n * C + c) * H + (p + r)) * W + (q + s)] *
                       filt[((k * C + c) * R + r) * S + s];
          out[((n * K + k) * P + p) * Q + q] = acc;
        }
}
