// rbf_kernel (examples/rbf_kernel.c) compiled as C rounds it and with
// --fast-math, timed in the same process (CUDA events, median of 20) on
// device arrays, each result compared with a float64 evaluation of the C on
// the host for every 16th row: relative L2 error and largest relative error
// of an element. Usage: fast-math n m d [n m d ...]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>
#include "../median-time.cuh"

extern "C" void rbf_kernel_device(int n, int m, int d, float gamma,
                                  const float *X, const float *Y, float *Km);
extern "C" void rbf_fast_device(int n, int m, int d, float gamma,
                                const float *X, const float *Y, float *Km);

struct Error {
  double relL2, maxRel;
};

static Error compare(const std::vector<float> &K, const std::vector<float> &X,
                     const std::vector<float> &Y, int n, int m, int d,
                     float gamma) {
  double num = 0, den = 0, worst = 0;
  for (int i = 0; i < n; i += 16)
    for (int j = 0; j < m; ++j) {
      double dist = 0;
      for (int k = 0; k < d; ++k) {
        double diff = (double)X[(size_t)i * d + k] - Y[(size_t)j * d + k];
        dist += diff * diff;
      }
      double want = std::exp(-(double)gamma * dist);
      double got = K[(size_t)i * m + j], e = got - want;
      num += e * e;
      den += want * want;
      if (want != 0)
        worst = std::fmax(worst, std::fabs(e) / std::fabs(want));
      if (std::isnan(got))
        worst = INFINITY;
    }
  return {std::sqrt(num / den), worst};
}

int main(int argc, char **argv) {
  printf("| n x m x d | C rounding ms | --fast-math ms | speedup | relL2 C | "
         "relL2 fast | max rel C | max rel fast |\n"
         "|---|---|---|---|---|---|---|---|\n");
  for (int a = 1; a + 2 < argc; a += 3) {
    int n = atoi(argv[a]), m = atoi(argv[a + 1]), d = atoi(argv[a + 2]);
    size_t nX = (size_t)n * d, nY = (size_t)m * d, nK = (size_t)n * m;
    std::vector<float> hX(nX), hY(nY), hK(nK);
    unsigned s = 12345;
    auto rnd = [&] {
      s = s * 1664525u + 1013904223u;
      return (s >> 8) * (1.0f / 16777216.0f);
    };
    for (float &x : hX) x = rnd();
    for (float &x : hY) x = rnd();
    // As the example's driver: exp(-gamma * dist), dist ~ d / 6.
    float gamma = 1.0f / d;
    float *X, *Y, *K;
    cudaMalloc(&X, nX * 4);
    cudaMalloc(&Y, nY * 4);
    cudaMalloc(&K, nK * 4);
    cudaMemcpy(X, hX.data(), nX * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(Y, hY.data(), nY * 4, cudaMemcpyHostToDevice);
    Error err[2];
    float ms[2];
    for (int v = 0; v < 2; ++v) {
      auto run = [&] {
        (v ? rbf_fast_device : rbf_kernel_device)(n, m, d, gamma, X, Y, K);
      };
      cudaMemset(K, 0xff, nK * 4); // NaN: an unwritten element fails.
      run();
      cudaMemcpy(hK.data(), K, nK * 4, cudaMemcpyDeviceToHost);
      err[v] = compare(hK, hX, hY, n, m, d, gamma);
      ms[v] = median_ms(run, 20);
    }
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) {
      printf("CUDA error: %s\n", cudaGetErrorString(e));
      return 1;
    }
    printf("| %d x %d x %d | %.3f | %.3f | %.2fx | %.1e | %.1e | %.1e | %.1e |\n",
           n, m, d, ms[0], ms[1], ms[0] / ms[1], err[0].relL2, err[1].relL2,
           err[0].maxRel, err[1].maxRel);
    cudaFree(X);
    cudaFree(Y);
    cudaFree(K);
  }
  return 0;
}
