// matmul tuned at three sizes: the dispatching entry (matmul_device), each
// size's own winner alone, the default schedule and cuBLAS SGEMM (pedantic
// math: no TF32), at the tuned sizes and between them, in one process.
// Usage: size-sets N ...   (square products N^3)
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <vector>
#include "../median-time.cuh"
typedef void Entry(int, int, int, const float *, const float *, float *);
extern "C" {
Entry matmul_device, def_matmul_device, own_M1024_N1024_K1024_matmul_device,
    own_M4096_N4096_K4096_matmul_device, own_M8192_N8192_K8192_matmul_device;
}
int main(int argc, char **argv) {
  cublasHandle_t hd;
  cublasCreate(&hd);
  cublasSetMathMode(hd, CUBLAS_PEDANTIC_MATH);
  struct { const char *name; Entry *f; } entries[] = {
      {"dispatch (tuned at 3 sizes)", matmul_device},
      {"winner at 1024", own_M1024_N1024_K1024_matmul_device},
      {"winner at 4096", own_M4096_N4096_K4096_matmul_device},
      {"winner at 8192", own_M8192_N8192_K8192_matmul_device},
      {"default schedule", def_matmul_device}};
  printf("| n^3 | code | ms | vs cuBLAS SGEMM | relL2 vs cuBLAS | bits differing from dispatch |\n|---|---|---|---|---|---|\n");
  for (int a = 1; a < argc; ++a) {
    int n = atoi(argv[a]);
    size_t e = (size_t)n * n;
    std::vector<float> h(e);
    float *A, *B, *C, *R;
    cudaMalloc(&A, e * 4); cudaMalloc(&B, e * 4); cudaMalloc(&C, e * 4); cudaMalloc(&R, e * 4);
    for (size_t i = 0; i < e; i++) h[i] = (float)((i * 2654435761u) % 2001) / 1000.f - 1.f;
    cudaMemcpy(A, h.data(), e * 4, cudaMemcpyHostToDevice);
    for (size_t i = 0; i < e; i++) h[i] = (float)((i * 40503u + 7) % 1999) / 1000.f - 1.f;
    cudaMemcpy(B, h.data(), e * 4, cudaMemcpyHostToDevice);
    int reps = n >= 6000 ? 11 : 31, calls = n >= 4096 ? 1 : 5;
    float one = 1, zero = 0;
    float tc = median_ms([&] { cublasSgemm(hd, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, B, n, A, n, &zero, R, n); }, reps, calls);
    std::vector<float> ref(e), got(e), first(e);
    cudaMemcpy(ref.data(), R, e * 4, cudaMemcpyDeviceToHost);
    printf("| %d | cuBLAS SGEMM | %.4f | 1.000 | - | - |\n", n, tc);
    for (size_t k = 0; k < sizeof entries / sizeof *entries; ++k) {
      cudaMemset(C, 0xff, e * 4);
      float ms = median_ms([&] { entries[k].f(n, n, n, A, B, C); }, reps, calls);
      cudaError_t err = cudaDeviceSynchronize();
      if (err != cudaSuccess) { printf("%s: %s\n", entries[k].name, cudaGetErrorString(err)); return 1; }
      cudaMemcpy(got.data(), C, e * 4, cudaMemcpyDeviceToHost);
      double num = 0, den = 0;
      size_t differ = 0;
      for (size_t i = 0; i < e; i++) {
        double d = (double)got[i] - ref[i];
        num += d * d; den += (double)ref[i] * ref[i];
        if (k == 0) first[i] = got[i];
        else differ += memcmp(&got[i], &first[i], 4) != 0;
      }
      double rel = std::sqrt(num / den);
      if (!(rel < 1e-4)) { printf("%s: relL2 %.2e\n", entries[k].name, rel); return 1; }
      printf("| %d | %s | %.4f | %.3f | %.1e | %s |\n", n, entries[k].name, ms, tc / ms, rel,
             k == 0 ? "-" : std::to_string(differ).c_str());
    }
    cudaFree(A); cudaFree(B); cudaFree(C); cudaFree(R);
  }
  return 0;
}
