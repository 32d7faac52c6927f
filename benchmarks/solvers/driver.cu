// BLAS and solver kernels as written in C (benchmarks/solvers): amax
// (isamax) against cuBLAS Isamax and the copy bandwidth; LU with partial
// pivoting against the same C at -O3 on one CPU core and cuSOLVER's dgetrf
// (same n, column-major, so it factors A^T: a timing peer only); conjugate
// gradients against the C on one core. Every c2cuda result is checked
// first: amax's index against the CPU's, LU's pivots exactly and its
// factors by relative L2 error, CG's x by relative L2 error.
#include "../median-time.cuh"
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cublas_v2.h>
#include <cusolverDn.h>
#include <vector>
extern "C" void amax_device(int n, const float *x, int *at);
extern "C" void amax_ref(int n, const float *x, int *at);
extern "C" void lup_device(int n, double *A, int *piv);
extern "C" void lup_ref(int n, double *A, int *piv);
extern "C" void cg_device(int n, int iters, const double *A, const double *b,
                          double *x, double *r, double *p, double *Ap);
extern "C" void cg_ref(int n, int iters, const double *A, const double *b,
                       double *x, double *r, double *p, double *Ap);

static int bad = 0;

/// The median of three timed calls of run, each after reset (for work done
/// in place), in milliseconds.
template <class R, class F> static float median_of_3_in_place(R reset, F run) {
  std::vector<float> ms;
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  for (int r = 0; r < 3; r++) {
    reset();
    cudaEventRecord(a);
    run();
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float t;
    cudaEventElapsedTime(&t, a, b);
    ms.push_back(t);
  }
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  std::sort(ms.begin(), ms.end());
  return ms[1];
}

static void amax_bench(long n) {
  std::vector<float> x(n);
  srand(11);
  for (long i = 0; i < n; i++)
    x[i] = (float)rand() / RAND_MAX * 2.0f - 1.0f;
  // Ties: the largest magnitude twice, the first one expected.
  x[n / 3] = 1.5f;
  x[2 * n / 3] = -1.5f;
  float *dx, *dy;
  cudaMalloc(&dx, n * sizeof(float));
  cudaMalloc(&dy, n * sizeof(float));
  cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  int got = -7, want = -7;
  amax_device((int)n, dx, &got);
  amax_ref((int)n, x.data(), &want);
  cublasHandle_t h;
  cublasCreate(&h);
  int cub = 0;
  cublasIsamax(h, (int)n, dx, 1, &cub);
  bool ok = got == want && cub - 1 == want;
  bad |= !ok;
  float t = median_ms([&] { amax_device((int)n, dx, &got); });
  float tc = median_ms([&] { cublasIsamax(h, (int)n, dx, 1, &cub); });
  float tcopy = median_ms([&] {
    cudaMemcpy(dy, dx, n * sizeof(float), cudaMemcpyDeviceToDevice);
  });
  printf("| amax | n = %ld | c2cuda %.3f ms | cuBLAS Isamax %.3f ms | %.2fx | "
         "copy %.3f ms (%.2fx) | at %d, C %d, cuBLAS %d | %s |\n",
         n, t, tc, tc / t, tcopy, tcopy / t, got, want, cub - 1,
         ok ? "PASS" : "FAIL");
  cublasDestroy(h);
  cudaFree(dx);
  cudaFree(dy);
}

static void lup_bench(int n, bool cpu) {
  size_t N = (size_t)n * n;
  std::vector<double> A0(N), Ag(N), Ac(N);
  srand(5);
  for (size_t k = 0; k < N; k++)
    A0[k] = (double)rand() / RAND_MAX * 2.0 - 1.0;
  std::vector<int> pg(n), pc(n);
  double *dA, *dB;
  int *dp, *dinfo;
  cudaMalloc(&dA, N * sizeof(double));
  cudaMalloc(&dB, N * sizeof(double));
  cudaMalloc(&dp, n * sizeof(int));
  cudaMalloc(&dinfo, sizeof(int));
  auto fresh = [&] {
    cudaMemcpy(dA, A0.data(), N * sizeof(double), cudaMemcpyHostToDevice);
  };
  // One timed call per run (the factorization works in place), three runs.
  float lu_ms = median_of_3_in_place(fresh, [&] { lup_device(n, dA, dp); });
  cudaMemcpy(Ag.data(), dA, N * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(pg.data(), dp, n * sizeof(int), cudaMemcpyDeviceToHost);
  cusolverDnHandle_t s;
  cusolverDnCreate(&s);
  int lwork = 0;
  cusolverDnDgetrf_bufferSize(s, n, n, dB, n, &lwork);
  double *work;
  cudaMalloc(&work, (size_t)lwork * sizeof(double));
  float sol_ms = median_of_3_in_place(
      [&] {
        cudaMemcpy(dB, A0.data(), N * sizeof(double), cudaMemcpyHostToDevice);
      },
      [&] { cusolverDnDgetrf(s, n, n, dB, n, work, dp, dinfo); });
  double cpu_ms = -1, rel = -1;
  bool ok = true;
  if (cpu) {
    Ac = A0;
    auto t0 = std::chrono::steady_clock::now();
    lup_ref(n, (double *)Ac.data(), pc.data());
    cpu_ms = std::chrono::duration<double, std::milli>(
                 std::chrono::steady_clock::now() - t0)
                 .count();
    double num = 0, den = 0;
    for (size_t k = 0; k < N; k++) {
      double d = Ag[k] - Ac[k];
      num += d * d;
      den += Ac[k] * Ac[k];
      if (std::isnan(Ag[k]))
        num = INFINITY;
    }
    rel = std::sqrt(num / den);
    ok = rel < 1e-10 && pg == pc;
  }
  bad |= !ok;
  printf("| LU, partial pivoting | n = %d | c2cuda %.1f ms | CPU -O3 one core "
         "%.1f ms (%.1fx) | cuSOLVER dgetrf %.2f ms (%.3fx) | relL2 %.1e, "
         "pivots %s | %s |\n",
         n, lu_ms, cpu_ms, cpu_ms / lu_ms, sol_ms, sol_ms / lu_ms, rel,
         pg == pc ? "equal" : (cpu ? "DIFFER" : "unchecked"),
         ok ? "PASS" : "FAIL");
  cusolverDnDestroy(s);
  cudaFree(work);
  cudaFree(dA);
  cudaFree(dB);
  cudaFree(dp);
  cudaFree(dinfo);
}

static void cg_bench(int n, int iters) {
  size_t N = (size_t)n * n;
  // Symmetric, diagonally dominant: positive definite.
  std::vector<double> A(N), b(n);
  srand(3);
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++) {
      double v = (double)rand() / RAND_MAX - 0.5;
      A[(size_t)i * n + j] = A[(size_t)j * n + i] = v;
    }
  for (int i = 0; i < n; i++) {
    A[(size_t)i * n + i] = n;
    b[i] = (double)rand() / RAND_MAX;
  }
  double *dA, *db, *dv;
  cudaMalloc(&dA, N * sizeof(double));
  cudaMalloc(&db, n * sizeof(double));
  cudaMalloc(&dv, 4 * (size_t)n * sizeof(double));
  cudaMemcpy(dA, A.data(), N * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  double *x = dv, *r = dv + n, *p = dv + 2 * n, *Ap = dv + 3 * n;
  float t = median_ms([&] { cg_device(n, iters, dA, db, x, r, p, Ap); }, 5);
  std::vector<double> xg(n), xc(n), rc(n), pc(n), Apc(n);
  cudaMemcpy(xg.data(), x, n * sizeof(double), cudaMemcpyDeviceToHost);
  auto t0 = std::chrono::steady_clock::now();
  cg_ref(n, iters, A.data(), b.data(), xc.data(), rc.data(), pc.data(),
         Apc.data());
  double cpu = std::chrono::duration<double, std::milli>(
                   std::chrono::steady_clock::now() - t0)
                   .count();
  double num = 0, den = 0;
  for (int i = 0; i < n; i++) {
    num += (xg[i] - xc[i]) * (xg[i] - xc[i]);
    den += xc[i] * xc[i];
    if (std::isnan(xg[i]))
      num = INFINITY;
  }
  double rel = std::sqrt(num / den);
  bool ok = rel < 1e-10;
  bad |= !ok;
  // The matrix is read once per iteration: its bytes over the time.
  printf("| CG, dense | n = %d, %d iterations | c2cuda %.2f ms (%.0f GB/s of "
         "A) | CPU -O3 one core %.1f ms (%.1fx) | relL2 %.1e | %s |\n",
         n, iters, t, (double)N * 8 * iters / (t * 1e6), cpu, cpu / t, rel,
         ok ? "PASS" : "FAIL");
  cudaFree(dA);
  cudaFree(db);
  cudaFree(dv);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1L << 28;
  int lu = argc > 2 ? atoi(argv[2]) : 2000;
  int cgn = argc > 3 ? atoi(argv[3]) : 4096;
  int iters = argc > 4 ? atoi(argv[4]) : 50;
  if (n > 0)
    amax_bench(n);
  if (lu > 0)
    lup_bench(lu, true);
  if (cgn > 0)
    cg_bench(cgn, iters);
  return bad;
}
