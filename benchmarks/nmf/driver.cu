// examples/nmf.c's whole call (nmf_supervised_device: W^T V and W^T W once,
// then `iters` multiplicative updates) against the same computation from
// cuBLAS SGEMM calls (pedantic math: no TF32) and one element-wise update
// kernel, in the same process, on non-negative inputs (uniform in [0, 1)).
// The final H of both is compared (relative L2). Built with
// -DC2CUDA_UNFUSED and a second .cu whose function is renamed nmf_unfused
// (from `c2cuda --no-fusion`, or `c2cuda tune` with
// -DC2CUDA_SECOND_LABEL='"tuned"'), that build is timed too (same process)
// and its H compared with the first one's. Usage: nmf F T K [F T K...]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <vector>
#include "../median-time.cuh"

extern "C" void nmf_supervised_device(int F, int T, int K, int iters,
                                      float eps, const float *V,
                                      const float *W, float *H, float *WtV,
                                      float *WtW, float *WtWH);
#ifndef C2CUDA_SECOND_LABEL
#define C2CUDA_SECOND_LABEL "--no-fusion"
#endif
#ifdef C2CUDA_UNFUSED
extern "C" void nmf_unfused_device(int F, int T, int K, int iters, float eps,
                                   const float *V, const float *W, float *H,
                                   float *WtV, float *WtW, float *WtWH);
#endif

__global__ void update(long long n, float eps, float *__restrict__ H,
                       const float *__restrict__ WtV,
                       const float *__restrict__ WtWH) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i < n)
    H[i] = H[i] * WtV[i] / (WtWH[i] + eps);
}

// Row-major products through column-major cuBLAS: X (r x c) row-major is
// X^T column-major with leading dimension c.
static void nmfCublas(cublasHandle_t h, int F, int T, int K, int iters,
                      float eps, const float *V, const float *W, float *H,
                      float *WtV, float *WtW, float *WtWH) {
  const float one = 1, zero = 0;
  // WtV^T (T x K) = V^T (T x F) * W (F x K).
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_T, T, K, F, &one, V, T, W, K, &zero,
              WtV, T);
  // WtW (K x K, symmetric) = W^T W.
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_T, K, K, F, &one, W, K, W, K, &zero,
              WtW, K);
  long long n = (long long)K * T;
  for (int it = 0; it < iters; ++it) {
    // WtWH^T (T x K) = H^T (T x K) * WtW^T (K x K).
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, T, K, K, &one, H, T, WtW, K,
                &zero, WtWH, T);
    update<<<(unsigned)((n + 255) / 256), 256>>>(n, eps, H, WtV, WtWH);
  }
}

int main(int argc, char **argv) {
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetMathMode(h, CUBLAS_PEDANTIC_MATH);
  const int iters = 50;
  const float eps = 1e-9f;
  printf("| F x T x K, %d iterations | c2cuda ms | cuBLAS-based ms | c2cuda vs cuBLAS-based | relL2(H) |", iters);
#ifdef C2CUDA_UNFUSED
  printf(" %s ms | vs cuBLAS-based | c2cuda over it | relL2(H) vs c2cuda |\n|---|---|---|---|---|---|---|---|---|\n", C2CUDA_SECOND_LABEL);
#else
  printf("\n|---|---|---|---|---|\n");
#endif
  for (int a = 1; a + 2 < argc; a += 3) {
    int F = atoi(argv[a]), T = atoi(argv[a + 1]), K = atoi(argv[a + 2]);
    size_t nV = (size_t)F * T, nW = (size_t)F * K, nH = (size_t)K * T;
    std::vector<float> hV(nV), hW(nW), hH(nH);
    unsigned s = 12345;
    auto rnd = [&] { s = s * 1664525u + 1013904223u; return (s >> 8) * (1.0f / 16777216.0f); };
    for (float &x : hV) x = rnd();
    for (float &x : hW) x = rnd();
    for (float &x : hH) x = rnd();
    float *V, *W, *H, *H0, *WtV, *WtW, *WtWH;
    cudaMalloc(&V, nV * 4); cudaMalloc(&W, nW * 4); cudaMalloc(&H, nH * 4);
    cudaMalloc(&H0, nH * 4);
    cudaMalloc(&WtV, nH * 4); cudaMalloc(&WtW, (size_t)K * K * 4); cudaMalloc(&WtWH, nH * 4);
    cudaMemcpy(V, hV.data(), nV * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(W, hW.data(), nW * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(H0, hH.data(), nH * 4, cudaMemcpyHostToDevice);
    // Every run starts from the same H (the update runs in place).
    auto reset = [&] { cudaMemcpy(H, H0, nH * 4, cudaMemcpyDeviceToDevice); };
    std::vector<float> mine(nH), peer(nH);
    reset();
    nmf_supervised_device(F, T, K, iters, eps, V, W, H, WtV, WtW, WtWH);
    cudaMemcpy(mine.data(), H, nH * 4, cudaMemcpyDeviceToHost);
    reset();
    nmfCublas(h, F, T, K, iters, eps, V, W, H, WtV, WtW, WtWH);
    cudaMemcpy(peer.data(), H, nH * 4, cudaMemcpyDeviceToHost);
    double num = 0, den = 0;
    bool nan = false;
    for (size_t i = 0; i < nH; i++) {
      double d = (double)mine[i] - peer[i];
      num += d * d; den += (double)peer[i] * peer[i];
      nan |= std::isnan(mine[i]);
    }
    // Timed with the reset, whose own time is taken off.
    float tm = median_ms([&] { reset(); nmf_supervised_device(F, T, K, iters, eps, V, W, H, WtV, WtW, WtWH); }, 11);
    float tp = median_ms([&] { reset(); nmfCublas(h, F, T, K, iters, eps, V, W, H, WtV, WtW, WtWH); }, 11);
    float tr = median_ms([&] { reset(); }, 11);
    printf("| %dx%dx%d | %.3f | %.3f | %.3fx | %.1e%s |", F, T, K, tm - tr, tp - tr, (tp - tr) / (tm - tr), std::sqrt(num / den), nan ? " NaN" : "");
#ifdef C2CUDA_UNFUSED
    std::vector<float> unf(nH);
    reset();
    nmf_unfused_device(F, T, K, iters, eps, V, W, H, WtV, WtW, WtWH);
    cudaMemcpy(unf.data(), H, nH * 4, cudaMemcpyDeviceToHost);
    double un = 0, ud = 0;
    for (size_t i = 0; i < nH; i++) {
      double d = (double)mine[i] - unf[i];
      un += d * d; ud += (double)unf[i] * unf[i];
    }
    float tu = median_ms([&] { reset(); nmf_unfused_device(F, T, K, iters, eps, V, W, H, WtV, WtW, WtWH); }, 11);
    printf(" %.3f | %.3fx | %.3fx | %.1e |", tu - tr, (tp - tr) / (tu - tr), (tu - tr) / (tm - tr), std::sqrt(un / ud));
#endif
    printf("\n");
    cudaFree(V); cudaFree(W); cudaFree(H); cudaFree(H0); cudaFree(WtV); cudaFree(WtW); cudaFree(WtWH);
  }
  return 0;
}
