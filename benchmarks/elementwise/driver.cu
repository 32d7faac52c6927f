// Element-wise loops (variants.c, default schedule) against a device copy
// of the same bytes (cudaMemcpy D2D: a copy of N bytes moves 2N), every
// result checked against the C formula on the host first, at 2^28 elements
// and at sizes that take the smaller tiles (few blocks).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>
#include "../median-time.cuh"
extern "C" {
void saxpy_device(int, float, const float *, float *);
void vadd_device(int, const float *, const float *, float *);
void scale_device(int, const float *, float *);
void dscale_device(int, const double *, double *);
void clamp_device(int, const float *, float *);
}
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("CUDA error %s at %d\n", cudaGetErrorString(e), __LINE__); exit(2); } } while (0)
static float hashf(size_t i, unsigned s) { return (float)((i * 2654435761u + s * 40503u) % 4001) / 1000.f - 2.f; }
int main() {
  const int N = 1 << 28;
  float *x, *y, *z;
  double *dx, *dy;
  CK(cudaMalloc(&x, (size_t)N * 4)); CK(cudaMalloc(&y, (size_t)N * 4)); CK(cudaMalloc(&z, (size_t)N * 4));
  CK(cudaMalloc(&dx, (size_t)N * 8)); CK(cudaMalloc(&dy, (size_t)N * 8));
  std::vector<float> hx(N), hy(N), got(N);
  std::vector<double> hdx(N), dgot(N);
  for (size_t i = 0; i < (size_t)N; i++) { hx[i] = hashf(i, 1); hy[i] = hashf(i, 2); hdx[i] = hashf(i, 3); }
  int fails = 0;
  // Checks: outputs poisoned, every element compared with the C formula.
  for (int n : {N, 1 << 20, 300000, 5000, 100, 1}) {
    // The first n elements and 4096 past them (which must stay as they were).
    size_t M = std::min<size_t>(N, (size_t)n + 4096);
    auto load = [&] {
      CK(cudaMemcpy(x, hx.data(), M * 4, cudaMemcpyHostToDevice));
      CK(cudaMemcpy(y, hy.data(), M * 4, cudaMemcpyHostToDevice));
      CK(cudaMemcpy(dx, hdx.data(), M * 8, cudaMemcpyHostToDevice));
      CK(cudaMemset(z, 0xff, M * 4)); CK(cudaMemset(dy, 0xff, M * 8));
    };
    auto check = [&](const char *name, auto ref, auto *dev, auto &host) {
      CK(cudaMemcpy(host.data(), dev, M * sizeof(host[0]), cudaMemcpyDeviceToHost));
      long bad = 0;
      for (size_t i = 0; i < M; i++) {
        double g = host[i];
        if (i < (size_t)n ? !(g == ref(i)) : !std::isnan(g)) bad++;
      }
      printf("check %-6s n=%-9d %s\n", name, n, bad ? "FAIL" : "ok");
      fails += bad != 0;
    };
    load(); saxpy_device(n, 2.f, x, y); CK(cudaDeviceSynchronize());
    { CK(cudaMemcpy(got.data(), y, M * 4, cudaMemcpyDeviceToHost)); long bad = 0;
      // a * x[i] + y[i] may be contracted into one fused multiply-add.
      for (size_t i = 0; i < M; i++)
        bad += i < (size_t)n ? !(std::fabs(got[i] - (2.0 * hx[i] + hy[i])) <= 1e-6 * std::fabs(2.0 * hx[i] + hy[i]) + 1e-7)
                             : got[i] != hy[i];
      printf("check %-6s n=%-9d %s\n", "saxpy", n, bad ? "FAIL" : "ok"); fails += bad != 0; }
    load(); vadd_device(n, x, y, z); CK(cudaDeviceSynchronize());
    check("vadd", [&](size_t i) { return (double)(hx[i] + hy[i]); }, z, got);
    load(); scale_device(n, x, z); CK(cudaDeviceSynchronize());
    check("scale", [&](size_t i) { return (double)(2.0f * hx[i]); }, z, got);
    load(); dscale_device(n, dx, dy); CK(cudaDeviceSynchronize());
    check("dscale", [&](size_t i) { return 2.0 * hdx[i]; }, dy, dgot);
    load(); clamp_device(n, x, z); CK(cudaDeviceSynchronize());
    check("clamp", [&](size_t i) { float v = hx[i]; return (double)(v > 1.0f ? 1.0f : (v < -1.0f ? -1.0f : v)); }, z, got);
  }
  float tc = median_ms([&] { cudaMemcpy(z, x, (size_t)N * 4, cudaMemcpyDeviceToDevice); }, 21);
  float tcd = median_ms([&] { cudaMemcpy(dy, dx, (size_t)N * 8, cudaMemcpyDeviceToDevice); }, 21);
  // Bytes moved relative to a float copy of N: saxpy, vadd 1.5x; scale,
  // clamp 1x; dscale against the double copy.
  float t[5] = {median_ms([&] { saxpy_device(N, 2.f, x, y); }, 21), median_ms([&] { vadd_device(N, x, y, z); }, 21),
                median_ms([&] { scale_device(N, x, z); }, 21), median_ms([&] { dscale_device(N, dx, dy); }, 21),
                median_ms([&] { clamp_device(N, x, z); }, 21)};
  printf("| loop (2^28 elements) | ms | vs copy bandwidth |\n|---|---|---|\n");
  printf("| copy float / double (cudaMemcpy D2D) | %.3f / %.3f | 1.000 |\n", tc, tcd);
  printf("| saxpy `y[i] = a * x[i] + y[i]` | %.3f | %.3f |\n", t[0], 1.5 * tc / t[0]);
  printf("| vadd `z[i] = x[i] + y[i]` | %.3f | %.3f |\n", t[1], 1.5 * tc / t[1]);
  printf("| scale `y[i] = 2 * x[i]` | %.3f | %.3f |\n", t[2], tc / t[2]);
  printf("| dscale (double) | %.3f | %.3f |\n", t[3], tcd / t[3]);
  printf("| clamp `y[i] = x[i] > 1 ? 1 : ...` | %.3f | %.3f |\n", t[4], tc / t[4]);
  printf("%d check(s) failed\n", fails);
  return fails ? 1 : 0;
}
