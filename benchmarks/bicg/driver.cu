// BiCG's two products (test/lit/corpus/Inputs/blas2.c: s = A^T r and q = A p in
// one sweep over A, as users write it) against simple hand-written CUDA (a
// thread per output) and two cuBLAS SGEMV calls, in the same process.
// Usage: bicg n m [n m ...]
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cmath>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include "../median-time.cuh"
extern "C" void bicg_device(int m, int n, float *A, float *s, float *q, float *p, float *r);
// Simple hand-written CUDA: a thread per output.
__global__ void hand_s(int m, int n, const float *A, float *s, const float *r) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < m) { float a = 0; for (int i = 0; i < n; i++) a += r[i] * A[(size_t)i * m + j]; s[j] = a; }
}
__global__ void hand_q(int m, int n, const float *A, float *q, const float *p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { float a = 0; for (int j = 0; j < m; j++) a += A[(size_t)i * m + j] * p[j]; q[i] = a; }
}
int main(int argc, char **argv) {
  cublasHandle_t h; cublasCreate(&h); cublasSetMathMode(h, CUBLAS_PEDANTIC_MATH);
  printf("| n x m | c2cuda ms | hand (thread per output) ms | c2cuda vs hand | 2 SGEMV ms | c2cuda vs SGEMV | relL2 s, q |\n|---|---|---|---|---|---|---|\n");
  for (int a = 1; a + 1 < argc; a += 2) {
    int n = atoi(argv[a]), m = atoi(argv[a + 1]);
    size_t N = (size_t)n * m;
    std::vector<float> hA(N), hp(m), hr(n);
    unsigned st = 1; auto rnd = [&] { st = st * 1664525u + 1013904223u; return (st >> 8) * (1.0f / 16777216.0f); };
    for (auto &x : hA) x = rnd(); for (auto &x : hp) x = rnd(); for (auto &x : hr) x = rnd();
    float *A, *s, *q, *p, *r, *s2, *q2;
    cudaMalloc(&A, N * 4); cudaMalloc(&s, m * 4); cudaMalloc(&q, n * 4); cudaMalloc(&p, m * 4); cudaMalloc(&r, n * 4);
    cudaMalloc(&s2, m * 4); cudaMalloc(&q2, n * 4);
    cudaMemcpy(A, hA.data(), N * 4, cudaMemcpyHostToDevice); cudaMemcpy(p, hp.data(), m * 4, cudaMemcpyHostToDevice); cudaMemcpy(r, hr.data(), n * 4, cudaMemcpyHostToDevice);
    auto mine = [&] { bicg_device(m, n, A, s, q, p, r); };
    auto hand = [&] { hand_s<<<(m + 255) / 256, 256>>>(m, n, A, s2, r); hand_q<<<(n + 255) / 256, 256>>>(m, n, A, q2, p); };
    const float one = 1, zero = 0;
    // Row-major A (n x m) is A^T column-major with leading dimension m.
    auto blas = [&] { cublasSgemv(h, CUBLAS_OP_N, m, n, &one, A, m, r, 1, &zero, s2, 1); cublasSgemv(h, CUBLAS_OP_T, m, n, &one, A, m, p, 1, &zero, q2, 1); };
    mine(); hand();
    std::vector<float> a1(m), a2(m), b1(n), b2(n);
    cudaMemcpy(a1.data(), s, m * 4, cudaMemcpyDeviceToHost); cudaMemcpy(a2.data(), s2, m * 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(b1.data(), q, n * 4, cudaMemcpyDeviceToHost); cudaMemcpy(b2.data(), q2, n * 4, cudaMemcpyDeviceToHost);
    double e1 = 0, d1 = 0, e2 = 0, d2 = 0;
    for (int j = 0; j < m; j++) { e1 += (a1[j] - a2[j]) * (double)(a1[j] - a2[j]); d1 += (double)a2[j] * a2[j]; }
    for (int i = 0; i < n; i++) { e2 += (b1[i] - b2[i]) * (double)(b1[i] - b2[i]); d2 += (double)b2[i] * b2[i]; }
    float tm = median_ms(mine), th = median_ms(hand), tb = median_ms(blas);
    printf("| %d x %d | %.3f | %.3f | %.2fx | %.3f | %.2fx | %.1e, %.1e |\n", n, m, tm, th, th / tm, tb, tb / tm, sqrt(e1 / d1), sqrt(e2 / d2));
    cudaFree(A); cudaFree(s); cudaFree(q); cudaFree(p); cudaFree(r); cudaFree(s2); cudaFree(q2);
  }
  return cudaGetLastError() != cudaSuccess;
}
