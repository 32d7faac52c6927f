// The interval dynamic program (interval.c), n = 2000: the wavefront c2cuda emits
// (interval_device, device pointers) against the C at -O3 on one core.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
extern "C" void interval_device(int n, const float *w, float *T);
extern "C" void interval_ref(int n, const float *w, float *T);
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2000;
  size_t N = (size_t)n * n;
  std::vector<float> w(n), T0(N), Tc(N), Tg(N);
  srand(7);
  for (int k = 0; k < n; k++) w[k] = (float)rand() / RAND_MAX;
  for (size_t k = 0; k < N; k++) T0[k] = (float)rand() / RAND_MAX;
  float *dw, *dT;
  cudaMalloc(&dw, n * sizeof(float));
  cudaMalloc(&dT, N * sizeof(float));
  cudaMemcpy(dw, w.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  float ms[3];
  for (int r = 0; r < 3; r++) {
    cudaMemcpy(dT, T0.data(), N * sizeof(float), cudaMemcpyHostToDevice);
    cudaEvent_t a, b;
    cudaEventCreate(&a); cudaEventCreate(&b);
    cudaEventRecord(a);
    interval_device(n, dw, dT);
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    cudaEventElapsedTime(&ms[r], a, b);
  }
  std::sort(ms, ms + 3);
  cudaMemcpy(Tg.data(), dT, N * sizeof(float), cudaMemcpyDeviceToHost);
  Tc = T0;
  auto t0 = std::chrono::steady_clock::now();
  interval_ref(n, w.data(), Tc.data());
  double cpu = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  double num = 0, den = 0;
  for (size_t k = 0; k < N; k++) { double d = (double)Tg[k] - Tc[k]; num += d * d; den += (double)Tc[k] * Tc[k]; if (std::isnan(Tg[k])) num = INFINITY; }
  double rel = std::sqrt(num / den);
  printf("| interval DP n=%d | GPU wavefront %.1f ms | CPU -O3 one core %.1f ms | %.2fx | relL2 %.1e | %s |\n",
         n, ms[1], cpu, cpu / ms[1], rel, rel < 1e-6 ? "PASS" : "FAIL");
  return rel < 1e-6 ? 0 : 1;
}
