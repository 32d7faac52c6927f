// Gauss-Seidel 9-point in place (seidel.c), n = 4000, 100 steps: the wavefront c2cuda
// emits (gs_device, device pointer) against the C at -O3 on one core.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
extern "C" void gs_device(int T, int n, double *A);
extern "C" void gs_ref(int T, int n, double *A);
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4000, T = argc > 2 ? atoi(argv[2]) : 100;
  size_t N = (size_t)n * n;
  std::vector<double> A0(N), Ac(N), Ag(N);
  srand(7);
  for (size_t k = 0; k < N; k++) A0[k] = (double)rand() / RAND_MAX;
  double *dA;
  cudaMalloc(&dA, N * sizeof(double));
  // GPU: warm-up on a copy, then 3 timed runs (events), median.
  float best[3];
  for (int r = 0; r < 3; r++) {
    cudaMemcpy(dA, A0.data(), N * sizeof(double), cudaMemcpyHostToDevice);
    cudaEvent_t a, b;
    cudaEventCreate(&a); cudaEventCreate(&b);
    cudaEventRecord(a);
    gs_device(T, n, dA);
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    cudaEventElapsedTime(&best[r], a, b);
  }
  std::sort(best, best + 3);
  cudaMemcpy(Ag.data(), dA, N * sizeof(double), cudaMemcpyDeviceToHost);
  Ac = A0;
  auto t0 = std::chrono::steady_clock::now();
  gs_ref(T, n, Ac.data());
  double cpu = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  double num = 0, den = 0;
  for (size_t k = 0; k < N; k++) { double d = Ag[k] - Ac[k]; num += d * d; den += Ac[k] * Ac[k]; if (std::isnan(Ag[k])) num = INFINITY; }
  double rel = std::sqrt(num / den);
  printf("| gauss-seidel 9-pt n=%d steps=%d | GPU wavefront %.1f ms | CPU -O3 one core %.1f ms | %.2fx | relL2 %.1e | %s |\n",
         n, T, best[1], cpu, cpu / best[1], rel, rel < 1e-10 ? "PASS" : "FAIL");
  return rel < 1e-10 ? 0 : 1;
}
