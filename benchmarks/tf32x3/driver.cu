// examples/matmul.c built twice, as mm_fp32 (default: FP32 fused
// multiply-adds) and mm_tf32x3 (--allow-tf32x3: the 3xTF32 tensor-core
// strips), against cuBLAS SGEMM (pedantic math: no TF32), same process; each
// result's relative L2 error against cuBLAS DGEMM of the same inputs.
// Usage: tf32x3 LO HI M N K ...  (inputs uniform in [LO, HI))
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <vector>
#include "../median-time.cuh"
extern "C" void mm_fp32_device(int, int, int, const float *, const float *, float *);
extern "C" void mm_tf32x3_device(int, int, int, const float *, const float *, float *);
static double relTo(const float *a, const std::vector<double> &ref) {
  std::vector<float> x(ref.size());
  cudaMemcpy(x.data(), a, x.size() * 4, cudaMemcpyDeviceToHost);
  double s = 0, d = 0;
  for (size_t i = 0; i < x.size(); i++) {
    double e = (double)x[i] - ref[i];
    if (std::isnan(x[i])) return NAN;
    s += e * e;
    d += ref[i] * ref[i];
  }
  return std::sqrt(s / d);
}
int main(int argc, char **argv) {
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetMathMode(h, CUBLAS_PEDANTIC_MATH);
  float lo = atof(argv[1]), hi = atof(argv[2]);
  printf("inputs uniform in [%g, %g)\n\n", lo, hi);
  printf("| M x N x K | SGEMM ms | FP32 ms | 3xTF32 ms | FP32 vs SGEMM | 3xTF32 vs SGEMM | 3xTF32 over FP32 | relL2 SGEMM | relL2 FP32 | relL2 3xTF32 |\n|---|---|---|---|---|---|---|---|---|---|\n");
  for (int a = 3; a + 2 < argc; a += 3) {
    int M = atoi(argv[a]), N = atoi(argv[a + 1]), K = atoi(argv[a + 2]);
    std::vector<float> hA((size_t)M * K), hB((size_t)K * N);
    srand(M * 7 + N * 13 + K);
    for (auto &v : hA) v = lo + (hi - lo) * (rand() / (RAND_MAX + 1.0f));
    for (auto &v : hB) v = lo + (hi - lo) * (rand() / (RAND_MAX + 1.0f));
    std::vector<double> dA(hA.begin(), hA.end()), dB(hB.begin(), hB.end());
    float *A, *B, *C, *R;
    double *DA, *DB, *DC;
    size_t MN = (size_t)M * N;
    cudaMalloc(&A, hA.size() * 4); cudaMalloc(&B, hB.size() * 4);
    cudaMalloc(&C, MN * 4); cudaMalloc(&R, MN * 4);
    cudaMalloc(&DA, dA.size() * 8); cudaMalloc(&DB, dB.size() * 8); cudaMalloc(&DC, MN * 8);
    cudaMemcpy(A, hA.data(), hA.size() * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(B, hB.data(), hB.size() * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(DA, dA.data(), dA.size() * 8, cudaMemcpyHostToDevice);
    cudaMemcpy(DB, dB.data(), dB.size() * 8, cudaMemcpyHostToDevice);
    double done = 1, dzero = 0;
    cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &done, DB, N, DA, K, &dzero, DC, N);
    std::vector<double> ref(MN);
    cudaMemcpy(ref.data(), DC, MN * 8, cudaMemcpyDeviceToHost);
    float one = 1, zero = 0;
    auto sgemm = [&] { cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one, B, N, A, K, &zero, R, N); };
    int reps = (double)M * N * K > 1e10 ? 11 : 31;
    float tc = median_ms(sgemm, reps, 5);
    double eS = relTo(R, ref);
    cudaMemset(C, 0xff, MN * 4);
    float td = median_ms([&] { mm_fp32_device(M, N, K, A, B, C); }, reps, 5);
    double eD = relTo(C, ref);
    cudaMemset(C, 0xff, MN * 4);
    float tt = median_ms([&] { mm_tf32x3_device(M, N, K, A, B, C); }, reps, 5);
    double eT = relTo(C, ref);
    printf("| %dx%dx%d | %.4f | %.4f | %.4f | %.3fx | %.3fx | %.3fx | %.1e | %.1e | %.1e |\n", M, N, K, tc, td, tt,
           tc / td, tc / tt, td / tt, eS, eD, eT);
    fflush(stdout);
    cudaFree(A); cudaFree(B); cudaFree(C); cudaFree(R); cudaFree(DA); cudaFree(DB); cudaFree(DC);
  }
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) { printf("CUDA error: %s\n", cudaGetErrorString(e)); return 1; }
  return 0;
}
