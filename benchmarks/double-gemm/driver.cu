// Double products (variants.c) on the FP64 tensor cores (c2cuda's default)
// and with FP64 FMA (--no-tensor-cores, the functions renamed f_*), against
// cuBLAS DGEMM, in one process; each pair's outputs compared bit for bit.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include "../median-time.cuh"
typedef void (*Fn)(int, int, int, const double *, const double *, double *);
#define VARIANT(N)                                                             \
  extern "C" void d_##N##_device(int, int, int, const double *,              \
                                 const double *, double *);                  \
  extern "C" void f_##N##_device(int, int, int, const double *,              \
                                 const double *, double *);
VARIANT(def) VARIANT(k8_nr) VARIANT(64_k8) VARIANT(128x64) VARIANT(64_k16)
VARIANT(64x128) VARIANT(64_mr)
#define ROW(N) {#N, d_##N##_device, f_##N##_device}
struct Variant { const char *name; Fn mma, fma; };
static const Variant Variants[] = {ROW(def),    ROW(k8_nr),  ROW(64_k8),
                                   ROW(128x64), ROW(64_k16), ROW(64x128),
                                   ROW(64_mr)};

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  size_t N = (size_t)n * n;
  // Signs and exponents vary (2^-10 .. 2^10), so that sums round often.
  std::vector<double> h(2 * N);
  unsigned long long s = 88172645463325252ull;
  for (double &v : h) {
    s ^= s << 13; s ^= s >> 7; s ^= s << 17;
    v = ((double)(s >> 11) / 9007199254740992.0 * 2 - 1) *
        std::ldexp(1.0, (int)(s % 21) - 10);
  }
  double *A, *B, *C, *R;
  cudaMalloc(&A, N * 8); cudaMalloc(&B, N * 8); cudaMalloc(&C, N * 8); cudaMalloc(&R, N * 8);
  cudaMemcpy(A, h.data(), N * 8, cudaMemcpyHostToDevice);
  cudaMemcpy(B, h.data() + N, N * 8, cudaMemcpyHostToDevice);
  cublasHandle_t hd; cublasCreate(&hd); cublasSetMathMode(hd, CUBLAS_PEDANTIC_MATH);
  double one = 1, zero = 0;
  float tc = median_ms([&] { cublasDgemm(hd, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, B, n, A, n, &zero, R, n); }, 7);
  std::vector<double> ref(N), got(N), fma(N);
  cudaMemcpy(ref.data(), R, N * 8, cudaMemcpyDeviceToHost);
  auto relL2 = [&](const std::vector<double> &x) {
    double num = 0, den = 0;
    for (size_t i = 0; i < N; i++) { double d = x[i] - ref[i]; num += d * d; den += ref[i] * ref[i]; }
    return sqrt(num / den);
  };
  printf("n = %d; cuBLAS DGEMM %.3f ms\n\n", n, tc);
  printf("| variant (double) | tensor cores (ms) | vs DGEMM | FMA (ms) | vs DGEMM | speedup | outputs differing in any bit | relL2 vs DGEMM |\n|---|---|---|---|---|---|---|---|\n");
  for (const Variant &V : Variants) {
    float tf = median_ms([&] { V.fma(n, n, n, A, B, C); }, 7);
    cudaMemcpy(fma.data(), C, N * 8, cudaMemcpyDeviceToHost);
    float tm = median_ms([&] { V.mma(n, n, n, A, B, C); }, 7);
    cudaMemcpy(got.data(), C, N * 8, cudaMemcpyDeviceToHost);
    size_t diff = 0;
    for (size_t i = 0; i < N; i++) diff += memcmp(&got[i], &fma[i], 8) != 0;
    printf("| d_%s | %.3f | %.3f | %.3f | %.3f | %.2fx | %zu of %zu | %.1e |\n", V.name, tm, tc / tm, tf, tc / tf, tf / tm, diff, N, relL2(got));
  }
  return 0;
}
