// Float products at small and odd sizes against cuBLAS SGEMM (pedantic
// math: no TF32), all in one process. Usage: small-gemm M N K ...
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <vector>
#include "../median-time.cuh"
extern "C" {
void f_def_device(int, int, int, const float *, const float *, float *);
void f_128x128_device(int, int, int, const float *, const float *, float *);
void f_128x64_device(int, int, int, const float *, const float *, float *);
void f_64x32_device(int, int, int, const float *, const float *, float *);
void f_128x64k32_device(int, int, int, const float *, const float *, float *);
void f_64x128_device(int, int, int, const float *, const float *, float *);
void f_64x64_device(int, int, int, const float *, const float *, float *);
void f_64x64b8_device(int, int, int, const float *, const float *, float *);
void f_128x64b8_device(int, int, int, const float *, const float *, float *);
void f_16x16_device(int, int, int, const float *, const float *, float *);
}
int main(int argc, char **argv) {
  cublasHandle_t hd;
  cublasCreate(&hd);
  cublasSetMathMode(hd, CUBLAS_PEDANTIC_MATH);
  printf("| M x N x K | variant | ms | vs cuBLAS SGEMM | relL2 |\n|---|---|---|---|---|\n");
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
    float tc = median_ms([&] { cublasSgemm(hd, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one, B, N, A, K, &zero, R, N); }, 31, 5);
    std::vector<float> ref((size_t)M * N), got((size_t)M * N);
    cudaMemcpy(ref.data(), R, ref.size() * 4, cudaMemcpyDeviceToHost);
    printf("| %dx%dx%d | cuBLAS SGEMM | %.4f | 1.000 | - |\n", M, N, K, tc);
    auto report = [&](const char *name, float ms) {
      cudaMemcpy(got.data(), C, got.size() * 4, cudaMemcpyDeviceToHost);
      double num = 0, den = 0;
      for (size_t i = 0; i < got.size(); i++) { double d = (double)got[i] - ref[i]; num += d * d; den += (double)ref[i] * ref[i]; }
      printf("| %dx%dx%d | %s | %.4f | %.3f | %.1e |\n", M, N, K, name, ms, tc / ms, std::sqrt(num / den));
    };
    { cudaMemset(C, 0xff, got.size() * 4); float ms = median_ms([&] { f_def_device(M, N, K, A, B, C); }, 31, 5); report("f_def", ms); }
    { cudaMemset(C, 0xff, got.size() * 4); float ms = median_ms([&] { f_128x128_device(M, N, K, A, B, C); }, 31, 5); report("f_128x128", ms); }
    { cudaMemset(C, 0xff, got.size() * 4); float ms = median_ms([&] { f_128x64_device(M, N, K, A, B, C); }, 31, 5); report("f_128x64", ms); }
    { cudaMemset(C, 0xff, got.size() * 4); float ms = median_ms([&] { f_64x32_device(M, N, K, A, B, C); }, 31, 5); report("f_64x32", ms); }
    { cudaMemset(C, 0xff, got.size() * 4); float ms = median_ms([&] { f_128x64k32_device(M, N, K, A, B, C); }, 31, 5); report("f_128x64k32", ms); }
    { cudaMemset(C, 0xff, got.size() * 4); float ms = median_ms([&] { f_64x128_device(M, N, K, A, B, C); }, 31, 5); report("f_64x128", ms); }
    { cudaMemset(C, 0xff, got.size() * 4); float ms = median_ms([&] { f_64x64_device(M, N, K, A, B, C); }, 31, 5); report("f_64x64", ms); }
    { cudaMemset(C, 0xff, got.size() * 4); float ms = median_ms([&] { f_64x64b8_device(M, N, K, A, B, C); }, 31, 5); report("f_64x64b8", ms); }
    { cudaMemset(C, 0xff, got.size() * 4); float ms = median_ms([&] { f_128x64b8_device(M, N, K, A, B, C); }, 31, 5); report("f_128x64b8", ms); }
    { cudaMemset(C, 0xff, got.size() * 4); float ms = median_ms([&] { f_16x16_device(M, N, K, A, B, C); }, 31, 5); report("f_16x16", ms); }
    cudaFree(A); cudaFree(B); cudaFree(C); cudaFree(R);
  }
  return 0;
}
