#include <algorithm>
#include <cstdio>
#include <vector>
#include <cmath>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include "../median-time.cuh"
extern "C" {
void d_def_device(int, int, int, const double *, const double *, double *);
void d_k8_nr_device(int, int, int, const double *, const double *, double *);
void d_64_k8_device(int, int, int, const double *, const double *, double *);
void d_128x64_device(int, int, int, const double *, const double *, double *);
void d_64_k16_device(int, int, int, const double *, const double *, double *);
void d_64x128_device(int, int, int, const double *, const double *, double *);
void d_64_mr_device(int, int, int, const double *, const double *, double *);
}
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  size_t N = (size_t)n * n;
  std::vector<double> h(N);
  for (size_t i = 0; i < N; i++) h[i] = (double)((i * 2654435761u) % 2001) / 1000.0 - 1.0;
  double *A, *B, *C, *R;
  cudaMalloc(&A, N * 8); cudaMalloc(&B, N * 8); cudaMalloc(&C, N * 8); cudaMalloc(&R, N * 8);
  cudaMemcpy(A, h.data(), N * 8, cudaMemcpyHostToDevice);
  cudaMemcpy(B, h.data(), N * 8, cudaMemcpyHostToDevice);
  cublasHandle_t hd; cublasCreate(&hd); cublasSetMathMode(hd, CUBLAS_PEDANTIC_MATH);
  double one = 1, zero = 0;
  float tc = median_ms([&] { cublasDgemm(hd, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, B, n, A, n, &zero, R, n); }, 7);
  std::vector<double> ref(N), got(N);
  cudaMemcpy(ref.data(), R, N * 8, cudaMemcpyDeviceToHost);
  printf("| variant (double) | ms | vs cuBLAS DGEMM | relL2 |\n|---|---|---|---|\n| cuBLAS DGEMM | %.3f | 1.00 | - |\n", tc);
  auto report = [&](const char *name, float ms) {
    cudaMemcpy(got.data(), C, N * 8, cudaMemcpyDeviceToHost);
    double num = 0, den = 0; for (size_t i = 0; i < N; i++) { double d = got[i] - ref[i]; num += d * d; den += ref[i] * ref[i]; }
    printf("| %s | %.3f | %.3f | %.1e |\n", name, ms, tc / ms, sqrt(num / den));
  };

  { float ms = median_ms([&] { d_def_device(n, n, n, A, B, C); }, 7); report("d_def", ms); }
  { float ms = median_ms([&] { d_k8_nr_device(n, n, n, A, B, C); }, 7); report("d_k8_nr", ms); }
  { float ms = median_ms([&] { d_64_k8_device(n, n, n, A, B, C); }, 7); report("d_64_k8", ms); }
  { float ms = median_ms([&] { d_128x64_device(n, n, n, A, B, C); }, 7); report("d_128x64", ms); }
  { float ms = median_ms([&] { d_64_k16_device(n, n, n, A, B, C); }, 7); report("d_64_k16", ms); }
  { float ms = median_ms([&] { d_64x128_device(n, n, n, A, B, C); }, 7); report("d_64x128", ms); }
  { float ms = median_ms([&] { d_64_mr_device(n, n, n, A, B, C); }, 7); report("d_64_mr", ms); }
  return 0;
}