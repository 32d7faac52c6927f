// Whole-array reductions (variants.c, through c2cuda) against a device copy
// of the same bytes and cuBLAS in the same process: CUDA events, median of
// 20 runs; each result checked against a double-precision sum on the host.
// Usage: red [log2 n]
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "../median-time.cuh"

extern "C" void sum_device(int, const float *, float *);
extern "C" void dot_device(int, const float *, const float *, float *);
extern "C" void amax_device(int, const float *, float *);


int main(int argc, char **argv) {
  int lg = argc > 1 ? atoi(argv[1]) : 28;
  int n = 1 << lg;
  std::vector<float> hx(n), hy(n);
  srand(3);
  for (int i = 0; i < n; ++i) {
    hx[i] = rand() / (float)RAND_MAX;
    hy[i] = rand() / (float)RAND_MAX - 0.5f;
  }
  double rs = 0, rd = 0, rm = 0;
  for (int i = 0; i < n; ++i) {
    rs += hx[i];
    rd += (double)hx[i] * hy[i];
    rm = std::max(rm, (double)std::fabs(hx[i]));
  }
  float *x, *y, *c, *r;
  cudaMalloc(&x, 4ull * n);
  cudaMalloc(&y, 4ull * n);
  cudaMalloc(&c, 4ull * n);
  cudaMalloc(&r, 64);
  cudaMemcpy(x, hx.data(), 4ull * n, cudaMemcpyHostToDevice);
  cudaMemcpy(y, hy.data(), 4ull * n, cudaMemcpyHostToDevice);
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
  double gb = 4.0 * n / 1e9;
  float tc = median_ms([&] { cudaMemcpy(c, x, 4ull * n, cudaMemcpyDeviceToDevice); });
  double copy_gbs = 2 * gb / (tc / 1e3); // read + write
  printf("n = 2^%d floats; device copy of 4n bytes %.3f ms = %.0f GB/s (read + write)\n", lg, tc, copy_gbs);
  printf("| reduction | ms | GB/s read | vs copy GB/s | cuBLAS ms | vs cuBLAS | rel. err |\n|---|---|---|---|---|---|---|\n");
  auto run = [&](const char *name, double bytes, double ref, auto f, auto peer) {
    float init = 0;
    cudaMemcpy(r, &init, 4, cudaMemcpyHostToDevice);
    f();
    float got;
    cudaMemcpy(&got, r, 4, cudaMemcpyDeviceToHost);
    double err = std::fabs(got - ref) / std::fabs(ref);
    float t = median_ms([&] { cudaMemcpy(r, &init, 4, cudaMemcpyHostToDevice); f(); });
    float tp = median_ms(peer);
    double gbs = bytes / (t / 1e3);
    printf("| %s | %.3f | %.0f | %.3f | %.3f | %.3f | %.1e%s |\n", name, t, gbs, gbs / copy_gbs, tp, tp / t, err,
           err < 1e-3 ? "" : " FAIL");
  };
  run("sum (c2cuda)", gb, rs, [&] { sum_device(n, x, r); }, [&] { cublasSasum(h, n, x, 1, r + 4); });
  run("dot (c2cuda)", 2 * gb, rd, [&] { dot_device(n, x, y, r); }, [&] { cublasSdot(h, n, x, 1, y, 1, r + 4); });
  run("amax (c2cuda)", gb, rm, [&] { amax_device(n, x, r); }, [&] { int *ix = (int *)(r + 8); cublasIsamax(h, n, x, 1, ix); });
  printf("(peers: cublasSasum for sum over non-negative data, cublasSdot, cublasIsamax)\n");
  return 0;
}
