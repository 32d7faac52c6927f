// In-place element-wise loops (variants.c, default schedule; "before_"
// variants when OUT/before.cu is given) against one element per thread
// written by hand and a device copy, same process. Every result is first
// checked element by element against the same float operations on the
// host (a * x + y with fmaf: nvcc contracts it). Effective bandwidth counts each array read or written once.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <functional>
#include <string>
#include <vector>
#include "../median-time.cuh"

#define DECLARE(P)                                                             \
  extern "C" void P##reverse_device(int, float *);                             \
  extern "C" void P##saxpy_inplace_device(int, float, const float *, float *); \
  extern "C" void P##update2d_device(int, int, float, float *, const float *,  \
                                     const float *);                           \
  extern "C" void P##update1d_device(int, float, float *, const float *,       \
                                     const float *);                           \
  extern "C" void P##scale2d_device(int, int, float *);
DECLARE()
#ifdef BEFORE
DECLARE(before_)
#endif

__global__ void hReverse(long long n, float *a) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i < n / 2) { float t = a[i]; a[i] = a[n - 1 - i]; a[n - 1 - i] = t; }
}
__global__ void hSaxpy(long long n, float a, const float *x, float *y) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
__global__ void hUpdate(long long n, float eps, float *H, const float *V, const float *W) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i < n) H[i] = H[i] * V[i] / (W[i] + eps);
}
__global__ void hScale(long long n, float *A) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i < n) A[i] = 0.5f * A[i] + 1.0f;
}
static unsigned grid(long long n) { return (unsigned)((n + 255) / 256); }

int main() {
  const long long N = 1LL << 28;
  float *a, *x, *y, *c;
  cudaMalloc(&a, N * 4); cudaMalloc(&x, N * 4); cudaMalloc(&y, N * 4); cudaMalloc(&c, N * 4);
  std::vector<float> h0(N), h1(N), h2(N), want(N), got(N);
  for (long long i = 0; i < N; i++) {
    h0[i] = 0.5f + (float)((i * 2654435761u) % 1000) / 1000.f;
    h1[i] = 0.5f + (float)((i * 40503u + 7) % 1000) / 1000.f;
    h2[i] = 0.5f + (float)((i * 69069u + 3) % 1000) / 1000.f;
  }
  float tcopy = median_ms([&] { cudaMemcpy(c, a, N * 4, cudaMemcpyDeviceToDevice); }, 21);
  double copyGBs = 2.0 * N * 4 / tcopy / 1e6;
  printf("copy of 2^28 floats: %.3f ms, %.0f GB/s (read + write)\n\n", tcopy, copyGBs);
  printf("| loop | size | variant | ms | GB/s | vs copy | vs hand | wrong |\n|---|---|---|---|---|---|---|---|\n");
  struct Case {
    const char *name, *size;
    long long n;
    double arrays; // arrays read or written, each once
    std::function<void()> init, host;
    std::vector<std::pair<const char *, std::function<void()>>> runs;
  };
  auto up = [&](float *d, const std::vector<float> &h, long long n) { cudaMemcpy(d, h.data(), n * 4, cudaMemcpyHostToDevice); };
  float eps = 1e-9f, alpha = 0.75f;
  std::vector<Case> cases;
  auto add = [&](Case C) { cases.push_back(std::move(C)); };
#define V(P, call) {#P[0] ? #P : "c2cuda", [&] { P##call; }}
  {
    long long n = N;
    add({"reverse", "2^28", n, 2, [&, n] { up(a, h0, n); },
         [&, n] { want = h0; for (long long i = 0; i < n / 2; i++) std::swap(want[i], want[n - 1 - i]); },
         {{"c2cuda", [&, n] { reverse_device((int)n, a); }},
#ifdef BEFORE
          {"before", [&, n] { before_reverse_device((int)n, a); }},
#endif
          {"hand", [&, n] { hReverse<<<grid(n), 256>>>(n, a); }}}});
    add({"saxpy y = a x + y", "2^28", n, 3, [&, n] { up(x, h0, n); up(a, h1, n); },
         [&, n] { for (long long i = 0; i < n; i++) want[i] = std::fmaf(alpha, h0[i], h1[i]); },
         {{"c2cuda", [&, n] { saxpy_inplace_device((int)n, alpha, x, a); }},
#ifdef BEFORE
          {"before", [&, n] { before_saxpy_inplace_device((int)n, alpha, x, a); }},
#endif
          {"hand", [&, n] { hSaxpy<<<grid(n), 256>>>(n, alpha, x, a); }}}});
    add({"update 1-D", "2^28", n, 4, [&, n] { up(a, h0, n); up(x, h1, n); up(y, h2, n); },
         [&, n] { for (long long i = 0; i < n; i++) want[i] = h0[i] * h1[i] / (h2[i] + eps); },
         {{"c2cuda", [&, n] { update1d_device((int)n, eps, a, x, y); }},
#ifdef BEFORE
          {"before", [&, n] { before_update1d_device((int)n, eps, a, x, y); }},
#endif
          {"hand", [&, n] { hUpdate<<<grid(n), 256>>>(n, eps, a, x, y); }}}});
  }
  int shapes[3][2] = {{16384, 16384}, {128, 8192}, {64, 100000}};
  for (auto &s : shapes) {
    int K = s[0], T = s[1];
    long long n = (long long)K * T;
    static char label[3][32];
    char *lab = label[&s - shapes];
    snprintf(lab, 32, "%dx%d", K, T);
    add({"update 2-D", lab, n, 4, [&, n] { up(a, h0, n); up(x, h1, n); up(y, h2, n); },
         [&, n] { for (long long i = 0; i < n; i++) want[i] = h0[i] * h1[i] / (h2[i] + eps); },
         {{"c2cuda", [&, K, T] { update2d_device(K, T, eps, a, x, y); }},
#ifdef BEFORE
          {"before", [&, K, T] { before_update2d_device(K, T, eps, a, x, y); }},
#endif
          {"hand", [&, n] { hUpdate<<<grid(n), 256>>>(n, eps, a, x, y); }}}});
    add({"scale 2-D A = 0.5 A + 1", lab, n, 2, [&, n] { up(a, h0, n); },
         [&, n] { for (long long i = 0; i < n; i++) want[i] = 0.5f * h0[i] + 1.0f; },
         {{"c2cuda", [&, K, T] { scale2d_device(K, T, a); }},
#ifdef BEFORE
          {"before", [&, K, T] { before_scale2d_device(K, T, a); }},
#endif
          {"hand", [&, n] { hScale<<<grid(n), 256>>>(n, a); }}}});
  }
  for (Case &C : cases) {
    C.host();
    float hand = 0;
    std::vector<std::pair<const char *, float>> times;
    for (auto &[name, run] : C.runs) {
      C.init();
      run();
      cudaMemcpy(got.data(), a, C.n * 4, cudaMemcpyDeviceToHost);
      long long wrong = 0;
      for (long long i = 0; i < C.n; i++) wrong += got[i] != want[i];
      float ms = median_ms(run, 21);
      if (std::string(name) == "hand") hand = ms;
      times.push_back({name, ms});
      double gbs = C.arrays * C.n * 4 / ms / 1e6;
      printf("| %s | %s | %s | %.3f | %.0f | %.3f | %s | %lld |\n", C.name, C.size, name, ms, gbs, gbs / copyGBs, "", wrong);
      if (cudaGetLastError() != cudaSuccess) { printf("CUDA error\n"); return 1; }
    }
    for (auto &[name, ms] : times) printf("|  |  | %s vs hand |  |  |  | %.3f |  |\n", name, hand / ms);
  }
  return 0;
}
