/* Reduction nests over three or more parallel loops (c2cuda's default
 * schedule): a multi-channel convolution as in examples/conv_multi.c, a
 * convolution layer of one image with a bias, and a 3-D contraction. The
 * driver times each against the same nest generated with
 * --no-default-tiling (one thread per point, the fourth loop in each
 * thread), cuBLAS SGEMM of the implicit-GEMM shape and cuDNN (run.sh). */
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

void conv_layer(int cout, int cin, int ho, int wo, int kh, int kw,
                const float in[cin][ho + kh - 1][wo + kw - 1],
                const float wt[cout][cin][kh][kw], const float bias[cout],
                float out[cout][ho][wo]) {
#pragma c2cuda kernel
  for (int co = 0; co < cout; co++)
    for (int y = 0; y < ho; y++)
      for (int x = 0; x < wo; x++) {
        out[co][y][x] = bias[co];
        for (int ci = 0; ci < cin; ci++)
          for (int r = 0; r < kh; r++)
            for (int s = 0; s < kw; s++)
              out[co][y][x] += wt[co][ci][r][s] * in[ci][y + r][x + s];
      }
}

void contraction(int nr, int nq, int np, const float A[nr][nq][np],
                 const float C4[np][np], float out[nr][nq][np]) {
#pragma c2cuda kernel
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++)
      for (int p = 0; p < np; p++) {
        float acc = 0.0f;
        for (int s = 0; s < np; s++)
          acc += A[r][q][s] * C4[s][p];
        out[r][q][p] = acc;
      }
}
