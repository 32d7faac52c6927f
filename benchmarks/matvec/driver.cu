// Matrix-vector products (variants.c, through c2cuda) against cuBLAS SGEMV
// in the same process: CUDA events, median of 20 runs, each result checked
// against SGEMV first (relative L2). Usage: mv [M N]...
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "../median-time.cuh"

// The forms timed: FORM(function, label, transposed). Another list may be
// given with -include (benchmarks/lanes/forms.h).
#ifndef MV_FORMS
#define MV_FORMS                                                            \
  FORM(mv_rows, "mv_rows (default)", false)                                 \
  FORM(mv_rows_r, "mv_rows_r (reduction(+: acc))", false)                   \
  FORM(mv_elem_r, "mv_elem_r (y[i] +=, reduction(+: y))", false)            \
  FORM(tmv_cols, "tmv_cols (A^T x, default)", true)                         \
  FORM(tmv_cols_r, "tmv_cols_r (A^T x, reduction(+: acc))", true)
#endif
#define FORM(n, label, t) extern "C" void n##_device(int, int, const float *, const float *, float *);
MV_FORMS
#undef FORM

typedef void (*Fn)(int, int, const float *, const float *, float *);


int main(int argc, char **argv) {
  std::vector<std::pair<int, int>> shapes;
  for (int a = 1; a + 1 < argc; a += 2)
    shapes.push_back({atoi(argv[a]), atoi(argv[a + 1])});
  if (shapes.empty())
    shapes = {{16384, 16384}, {4096, 65536}, {65536, 4096}};
  cublasHandle_t h;
  cublasCreate(&h);
  printf("| M x N | form | ms | vs SGEMV | GB/s | relL2 |\n|---|---|---|---|---|---|\n");
  for (const auto &Shape : shapes) {
    int M = Shape.first, N = Shape.second;
    size_t n = (size_t)M * N;
    int L = std::max(M, N);
    std::vector<float> hA(n), hx(L);
    srand(1);
    for (auto &v : hA) v = rand() / (float)RAND_MAX - 0.5f;
    for (auto &v : hx) v = rand() / (float)RAND_MAX - 0.5f;
    float *A, *x, *y;
    cudaMalloc(&A, n * 4);
    cudaMalloc(&x, 4 * L);
    cudaMalloc(&y, 4 * L);
    cudaMemcpy(A, hA.data(), n * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(x, hx.data(), 4 * L, cudaMemcpyHostToDevice);
    float one = 1, zero = 0;
    // Row-major A (M x N) is column-major N x M: A x is op T, A^T x op N.
    std::vector<float> ref(M), reft(N);
    float tg = median_ms([&] { cublasSgemv(h, CUBLAS_OP_T, N, M, &one, A, N, x, 1, &zero, y, 1); });
    cudaMemcpy(ref.data(), y, 4 * M, cudaMemcpyDeviceToHost);
    float tgt = median_ms([&] { cublasSgemv(h, CUBLAS_OP_N, N, M, &one, A, N, x, 1, &zero, y, 1); });
    cudaMemcpy(reft.data(), y, 4 * N, cudaMemcpyDeviceToHost);
    double gb = n * 4.0 / 1e6;
    printf("| %dx%d | cuBLAS SGEMV A x | %.3f | 1.00 | %.0f | |\n", M, N, tg, gb / tg);
    printf("| %dx%d | cuBLAS SGEMV A^T x | %.3f | 1.00 | %.0f | |\n", M, N, tgt, gb / tgt);
    struct { const char *name; Fn f; bool t; } vs[] = {
#define FORM(n, label, t) {label, n##_device, t},
        MV_FORMS
#undef FORM
    };
    for (auto &v : vs) {
      cudaMemset(y, 0xff, 4 * L); // Poisoned: NaN.
      v.f(M, N, A, x, y);
      cudaError_t e = cudaDeviceSynchronize();
      int m = v.t ? N : M;
      std::vector<float> out(m);
      cudaMemcpy(out.data(), y, 4 * m, cudaMemcpyDeviceToHost);
      double err = 0, nrm = 0;
      for (int i = 0; i < m; ++i) {
        double r = v.t ? reft[i] : ref[i];
        err += (out[i] - r) * (out[i] - r);
        nrm += r * r;
      }
      double rel = std::sqrt(err / nrm);
      float t = median_ms([&] { v.f(M, N, A, x, y); });
      float peer = v.t ? tgt : tg;
      printf("| %dx%d | %s | %.3f | %.3f | %.0f | %.1e%s |\n", M, N, v.name, t,
             peer / t, gb / t, rel,
             e != cudaSuccess || !(rel < 1e-4) ? " FAIL" : "");
    }
    cudaFree(A);
    cudaFree(x);
    cudaFree(y);
  }
  return 0;
}
