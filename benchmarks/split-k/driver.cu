// examples/matmul.c built twice, as mm_plain (default) and mm_split
// (--allow-reassociation: split-K where the tiles are few), against cuBLAS
// SGEMM (pedantic math: no TF32), same process. Usage: split-k M N K ...
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <vector>
#include "../median-time.cuh"
extern "C" void mm_plain_device(int, int, int, const float *, const float *, float *);
extern "C" void mm_split_device(int, int, int, const float *, const float *, float *);
static double rel(const float *a, const float *b, size_t n) {
  std::vector<float> x(n), y(n);
  cudaMemcpy(x.data(), a, n * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(y.data(), b, n * 4, cudaMemcpyDeviceToHost);
  double s = 0, d = 0;
  for (size_t i = 0; i < n; i++) { s += (double)(x[i] - y[i]) * (x[i] - y[i]); d += (double)y[i] * y[i]; }
  return std::sqrt(s / d);
}
int main(int argc, char **argv) {
  cublasHandle_t h; cublasCreate(&h); cublasSetMathMode(h, CUBLAS_PEDANTIC_MATH);
  printf("| M x N x K | cuBLAS ms | default ms | split build ms | default vs cuBLAS | split vs cuBLAS | split over default | relL2 split |\n|---|---|---|---|---|---|---|---|\n");
  for (int a = 1; a + 2 < argc; a += 3) {
    int M = atoi(argv[a]), N = atoi(argv[a + 1]), K = atoi(argv[a + 2]);
    std::vector<float> hA((size_t)M * K), hB((size_t)K * N);
    for (size_t i = 0; i < hA.size(); i++) hA[i] = (float)((i * 2654435761u) % 2001) / 1000.f - 1.f;
    for (size_t i = 0; i < hB.size(); i++) hB[i] = (float)((i * 40503u + 7) % 1999) / 1000.f - 1.f;
    float *A, *B, *C, *R;
    cudaMalloc(&A, hA.size() * 4); cudaMalloc(&B, hB.size() * 4);
    cudaMalloc(&C, (size_t)M * N * 4); cudaMalloc(&R, (size_t)M * N * 4);
    cudaMemcpy(A, hA.data(), hA.size() * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(B, hB.data(), hB.size() * 4, cudaMemcpyHostToDevice);
    float one = 1, zero = 0;
    float tc = median_ms([&] { cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one, B, N, A, K, &zero, R, N); }, 31, 5);
    float td = median_ms([&] { mm_plain_device(M, N, K, A, B, C); }, 31, 5);
    float ts = median_ms([&] { mm_split_device(M, N, K, A, B, C); }, 31, 5);
    printf("| %dx%dx%d | %.4f | %.4f | %.4f | %.3fx | %.3fx | %.3fx | %.1e |\n", M, N, K, tc, td, ts, tc / td, tc / ts, td / ts, rel(C, R, (size_t)M * N));
    cudaFree(A); cudaFree(B); cudaFree(C); cudaFree(R);
  }
  return 0;
}
