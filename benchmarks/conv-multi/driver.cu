// Reduction nests over 3-4 parallel loops (variants.c through c2cuda, the
// default schedule) against the same nests untiled (--no-default-tiling)
// and, for the convolution, cuBLAS SGEMM of its implicit-GEMM shape (M =
// N*P*Q, N = K, K = C*R*S; pedantic math, no TF32), in one process. Every
// result is compared with the untiled one (relative L2). CUDA events,
// median of 20.
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>
#include "../median-time.cuh"

#define CONV(n) extern "C" void n(int, int, int, int, int, int, int, const float *, const float *, float *);
CONV(conv_multi_device)
CONV(untiled_conv_multi_device)
#define LAYER(n) extern "C" void n(int, int, int, int, int, int, const float *, const float *, const float *, float *);
LAYER(conv_layer_device)
LAYER(untiled_conv_layer_device)
#define CONTR(n) extern "C" void n(int, int, int, const float *, const float *, float *);
CONTR(contraction_device)
CONTR(untiled_contraction_device)

static float *randomArray(size_t n) {
  std::vector<float> h(n);
  for (auto &v : h) v = rand() / (float)RAND_MAX - 0.5f;
  float *d;
  cudaMalloc(&d, n * 4);
  cudaMemcpy(d, h.data(), n * 4, cudaMemcpyHostToDevice);
  return d;
}

// Times the default and untiled forms, compares their results.
static void compare(const char *what, double flop, size_t nout, float *out,
                    const std::function<void()> &def,
                    const std::function<void()> &untiled, float peer,
                    const char *peerName) {
  std::vector<float> a(nout), b(nout);
  cudaMemset(out, 0xff, nout * 4);
  untiled();
  cudaMemcpy(b.data(), out, nout * 4, cudaMemcpyDeviceToHost);
  cudaMemset(out, 0xff, nout * 4);
  def();
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(a.data(), out, nout * 4, cudaMemcpyDeviceToHost);
  double err = 0, nrm = 0;
  for (size_t i = 0; i < nout; ++i) {
    err += (double)(a[i] - b[i]) * (a[i] - b[i]);
    nrm += (double)b[i] * b[i];
  }
  double rel = std::sqrt(err / nrm);
  float tu = median_ms(untiled), td = median_ms(def);
  printf("| %s | %.3f | %.3f | %.2fx | %.1f |", what, tu, td, tu / td,
         flop / td / 1e9);
  if (peer > 0)
    printf(" %s %.3f ms: %.3fx |", peerName, peer, peer / td);
  else
    printf(" |");
  printf(" %.1e%s |\n", rel, e != cudaSuccess || !(rel < 1e-5) ? " FAIL" : "");
}

int main() {
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetMathMode(h, CUBLAS_PEDANTIC_MATH);
  srand(1);
  printf("| nest | untiled (ms) | default (ms) | speedup | TFLOP/s | peer | relL2 vs untiled |\n"
         "|---|---|---|---|---|---|---|\n");
  int shapes[][4] = {{32, 64, 58, 64}, {32, 128, 30, 128}};
  for (auto &sh : shapes) {
    int N = sh[0], C = sh[1], H = sh[2], W = sh[2], K = sh[3], R = 3, S = 3;
    int P = H - R + 1, Q = W - S + 1;
    size_t no = (size_t)N * K * P * Q;
    float *in = randomArray((size_t)N * C * H * W), *f = randomArray((size_t)K * C * R * S), *out;
    cudaMalloc(&out, no * 4);
    int gm = N * P * Q, gn = K, gk = C * R * S;
    float *A = randomArray((size_t)gm * gk), *B = randomArray((size_t)gk * gn), *D;
    cudaMalloc(&D, (size_t)gm * gn * 4);
    float one = 1, zero = 0;
    float tg = median_ms([&] { cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, gn, gm, gk, &one, B, gn, A, gk, &zero, D, gn); });
    char what[96];
    snprintf(what, sizeof what, "conv_multi N%d C%d %d^2 K%d 3x3", N, C, H, K);
    compare(what, 2.0 * no * C * R * S, no, out,
            [&] { conv_multi_device(N, C, H, W, K, R, S, in, f, out); },
            [&] { untiled_conv_multi_device(N, C, H, W, K, R, S, in, f, out); }, tg, "SGEMM");
    cudaFree(in); cudaFree(f); cudaFree(out); cudaFree(A); cudaFree(B); cudaFree(D);
  }
  {
    int co = 256, ci = 256, ho = 56, wo = 56, kh = 3, kw = 3;
    size_t no = (size_t)co * ho * wo;
    float *in = randomArray((size_t)ci * (ho + 2) * (wo + 2)), *wt = randomArray((size_t)co * ci * 9),
          *bias = randomArray(co), *out;
    cudaMalloc(&out, no * 4);
    compare("conv_layer 256x256 56^2 3x3", 2.0 * no * ci * 9, no, out,
            [&] { conv_layer_device(co, ci, ho, wo, kh, kw, in, wt, bias, out); },
            [&] { untiled_conv_layer_device(co, ci, ho, wo, kh, kw, in, wt, bias, out); }, 0, "");
    cudaFree(in); cudaFree(wt); cudaFree(bias); cudaFree(out);
  }
  for (int n : {128, 256}) {
    size_t no = (size_t)n * n * n;
    float *A = randomArray(no), *C4 = randomArray((size_t)n * n), *out;
    cudaMalloc(&out, no * 4);
    char what[64];
    snprintf(what, sizeof what, "contraction %d^3 x %d", n, n);
    compare(what, 2.0 * no * n, no, out,
            [&] { contraction_device(n, n, n, A, C4, out); },
            [&] { untiled_contraction_device(n, n, n, A, C4, out); }, 0, "");
    cudaFree(A); cudaFree(C4); cudaFree(out);
  }
}
