// Loops on one residue of an iterator (variants.c, default schedule)
// against the same file from an earlier c2cuda ("before_", from
// OUT/before.cu) and, for the red-black sweep, a one-point-per-thread hand
// kernel. Same process, CUDA events, medians. Every result is first
// compared element by element with the earlier c2cuda's (the same float
// operations on the same points: equal bits); outputs start poisoned.
// Bandwidth counts compulsory bytes: a red-black time step reads the grid
// and writes half of it per colour; every4 reads and writes a quarter of
// the elements, odd_rows half; heavy and iterate (256 dependent multiply-
// adds a point) are reported in time only.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include <functional>
#include <vector>
#include "../median-time.cuh"

#define DECLARE(P)                                                             \
  extern "C" void P##rb_guard_device(int, int, float *);                       \
  extern "C" void P##rb_stepped_device(int, int, float *);                     \
  extern "C" void P##every4_device(int, int, const float *, float *);          \
  extern "C" void P##heavy_device(int, int, const float *, float *);           \
  extern "C" void P##odd_rows_device(int, int, const float *, float *);        \
  extern "C" void P##iterate_device(int, int, const float *, float *);
DECLARE()
DECLARE(before_)

__global__ void hRedBlack(float *A, int n, int c) {
  int j = 1 + blockIdx.x * blockDim.x + threadIdx.x;
  int i = 1 + blockIdx.y * blockDim.y + threadIdx.y;
  if (i < n - 1 && j < n - 1 && (i + j) % 2 == c)
    A[(long long)i * n + j] =
        0.25f * (A[(long long)(i - 1) * n + j] + A[(long long)(i + 1) * n + j] +
                 A[(long long)i * n + j - 1] + A[(long long)i * n + j + 1]);
}

static size_t differ(const float *a, const float *b, size_t n) {
  size_t d = 0;
  for (size_t k = 0; k < n; ++k)
    d += memcmp(&a[k], &b[k], 4) != 0;
  return d;
}

int main() {
  const int T = 10;
  float *A, *B, *C;
  const size_t Max = (size_t)16384 * 16384;
  cudaMalloc(&A, Max * 4);
  cudaMalloc(&B, Max * 4);
  cudaMalloc(&C, Max * 4);
  std::vector<float> h(Max), got(Max), want(Max);
  for (size_t k = 0; k < Max; ++k)
    h[k] = 0.25f + (float)((k * 2654435761u) % 1000) / 1000.f;
  float tcopy = median_ms([&] { cudaMemcpy(C, A, Max * 4, cudaMemcpyDeviceToDevice); }, 21);
  double bw = 2.0 * Max * 4 / (tcopy * 1e-3);
  printf("copy of 16384^2 floats: %.3f ms, %.0f GB/s (read + write)\n\n", tcopy, bw / 1e9);
  printf("| loop | size | c2cuda ms | before ms | speedup | c2cuda vs copy | before vs copy | hand vs copy | differ |\n");
  printf("|---|---|---|---|---|---|---|---|---|\n");
  auto up = [&](size_t n) { cudaMemcpy(A, h.data(), n * 4, cudaMemcpyHostToDevice); };
  auto poison = [&](size_t n) { cudaMemset(B, 0xff, n * 4); };
  auto down = [&](std::vector<float> &v, float *d, size_t n) { cudaMemcpy(v.data(), d, n * 4, cudaMemcpyDeviceToHost); };
  for (int n : {8192, 16384}) {
    size_t N = (size_t)n * n;
    double bytes = T * 2 * (N * 4.0 + N * 2.0);
    auto sweep = [&](const char *name, void (*now)(int, int, float *), void (*before)(int, int, float *), bool hand) {
      up(N); now(T, n, A); down(got, A, N);
      up(N); before(T, n, A); down(want, A, N);
      size_t d = differ(got.data(), want.data(), N);
      float tn = median_ms([&] { now(T, n, A); }, 10), tb = median_ms([&] { before(T, n, A); }, 10);
      dim3 blk(32, 8), grd((n - 2 + 31) / 32, (n - 2 + 7) / 8);
      float th = median_ms([&] { for (int t = 0; t < T; ++t) for (int c = 0; c < 2; ++c) hRedBlack<<<grd, blk>>>(A, n, c); }, 10);
      char hs[32] = "";
      if (hand) snprintf(hs, sizeof hs, "%.3f", bytes / (th * 1e-3) / bw);
      printf("| %s | %d^2, %d steps | %.3f | %.3f | %.2fx | %.3f | %.3f | %s | %zu |\n", name, n, T, tn, tb, tb / tn,
             bytes / (tn * 1e-3) / bw, bytes / (tb * 1e-3) / bw, hs, d);
    };
    sweep("rb_guard", rb_guard_device, before_rb_guard_device, true);
    sweep("rb_stepped", rb_stepped_device, before_rb_stepped_device, false);
    auto other = [&](const char *name, void (*now)(int, int, const float *, float *),
                     void (*before)(int, int, const float *, float *), double frac) {
      up(N); poison(N); now(n, n, A, B); down(got, B, N);
      poison(N); before(n, n, A, B); down(want, B, N);
      size_t d = differ(got.data(), want.data(), N);
      float tn = median_ms([&] { now(n, n, A, B); }, 10), tb = median_ms([&] { before(n, n, A, B); }, 10);
      double by = 2.0 * N * 4 * frac;
      char a[32] = "-", b[32] = "-";
      if (frac > 0) {
        snprintf(a, sizeof a, "%.3f", by / (tn * 1e-3) / bw);
        snprintf(b, sizeof b, "%.3f", by / (tb * 1e-3) / bw);
      }
      printf("| %s | %d^2 | %.3f | %.3f | %.2fx | %s | %s | | %zu |\n", name, n, tn, tb, tb / tn, a, b, d);
    };
    other("every4", every4_device, before_every4_device, 0.25);
    other("odd_rows", odd_rows_device, before_odd_rows_device, 0.5);
    other("heavy", heavy_device, before_heavy_device, 0);
    other("iterate", iterate_device, before_iterate_device, 0);
  }
  return 0;
}
