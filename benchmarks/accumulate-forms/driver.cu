// benchmarks/accumulate-forms/variants.c built three times: by the previous
// c2cuda (suffix _old), by this one (_new) and by this one with
// --allow-reassociation (_perm), against cuBLAS SGEMM with beta = 1 (C += A
// B; pedantic math: no TF32), same process. Usage: accumulate-forms M N K ...
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <vector>
#include "../median-time.cuh"
typedef void (*Product)(int, int, int, const float *, const float *, float *);
#define DECLARE(F)                                                             \
  extern "C" void F##_old_device(int, int, int, const float *, const float *, float *); \
  extern "C" void F##_new_device(int, int, int, const float *, const float *, float *); \
  extern "C" void F##_perm_device(int, int, int, const float *, const float *, float *);
DECLARE(ijk_flat)
DECLARE(ikj_flat)
DECLARE(ikj_2d)
struct Form { const char *Name; Product Old, New, Perm; };
static const Form Forms[] = {
    {"ijk flat", ijk_flat_old_device, ijk_flat_new_device, ijk_flat_perm_device},
    {"ikj flat", ikj_flat_old_device, ikj_flat_new_device, ikj_flat_perm_device},
    {"ikj 2-D", ikj_2d_old_device, ikj_2d_new_device, ikj_2d_perm_device}};
static double rel(const float *a, const float *b, size_t n) {
  std::vector<float> x(n), y(n);
  cudaMemcpy(x.data(), a, n * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(y.data(), b, n * 4, cudaMemcpyDeviceToHost);
  double s = 0, d = 0;
  for (size_t i = 0; i < n; i++) {
    if (std::isnan(x[i])) return INFINITY;
    s += (double)(x[i] - y[i]) * (x[i] - y[i]); d += (double)y[i] * y[i];
  }
  return std::sqrt(s / d);
}
int main(int argc, char **argv) {
  cublasHandle_t h; cublasCreate(&h); cublasSetMathMode(h, CUBLAS_PEDANTIC_MATH);
  printf("| M x N x K | form | cuBLAS ms | previous ms | now ms | with permission ms | now over previous | now vs cuBLAS | permission vs cuBLAS | relL2 prev / now / perm |\n|---|---|---|---|---|---|---|---|---|---|\n");
  for (int a = 1; a + 2 < argc; a += 3) {
    int M = atoi(argv[a]), N = atoi(argv[a + 1]), K = atoi(argv[a + 2]);
    size_t nc = (size_t)M * N;
    std::vector<float> hA((size_t)M * K), hB((size_t)K * N), hC(nc);
    for (size_t i = 0; i < hA.size(); i++) hA[i] = (float)((i * 2654435761u) % 2001) / 1000.f - 1.f;
    for (size_t i = 0; i < hB.size(); i++) hB[i] = (float)((i * 40503u + 7) % 1999) / 1000.f - 1.f;
    for (size_t i = 0; i < nc; i++) hC[i] = (float)((i * 97u + 3) % 1003) / 1000.f - 0.5f;
    float *A, *B, *C, *R;
    cudaMalloc(&A, hA.size() * 4); cudaMalloc(&B, hB.size() * 4);
    cudaMalloc(&C, nc * 4); cudaMalloc(&R, nc * 4);
    cudaMemcpy(A, hA.data(), hA.size() * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(B, hB.data(), hB.size() * 4, cudaMemcpyHostToDevice);
    float one = 1;
    auto Reset = [&](float *X) { cudaMemcpy(X, hC.data(), nc * 4, cudaMemcpyHostToDevice); };
    Reset(R);
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one, B, N, A, K, &one, R, N);
    float tc = median_ms([&] { cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one, B, N, A, K, &one, C, N); }, 31, 5);
    for (const Form &F : Forms) {
      double e[3]; float t[3];
      Product P[3] = {F.Old, F.New, F.Perm};
      for (int v = 0; v < 3; v++) {
        Reset(C); P[v](M, N, K, A, B, C); cudaDeviceSynchronize();
        e[v] = rel(C, R, nc);
        t[v] = median_ms([&] { P[v](M, N, K, A, B, C); }, 31, 5);
      }
      printf("| %dx%dx%d | %s | %.4f | %.4f | %.4f | %.4f | %.3fx | %.3fx | %.3fx | %.1e / %.1e / %.1e |\n", M, N, K, F.Name, tc, t[0], t[1], t[2], t[0] / t[1], tc / t[1], tc / t[2], e[0], e[1], e[2]);
    }
    cudaFree(A); cudaFree(B); cudaFree(C); cudaFree(R);
  }
  return 0;
}
