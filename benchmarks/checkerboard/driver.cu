// Red-black Gauss-Seidel (benchmarks/parity/variants.c: rb_guard, the
// example's branch on the colour; rb_stepped, the column loop stepping over
// one colour) from c2cuda with the packed checkerboard layout, the same
// with --no-checkerboard-layout ("caller_"), and a hand kernel sweeping a
// layout packed beforehand (the sweep alone: no packing). Same process,
// CUDA events, medians. Each c2cuda result is first compared bit for bit
// with the caller-layout one (the same float operations on the same
// points), at the timed sizes and at odd ones. A time step reads the grid
// and writes half of it per colour: 12 n^2 bytes of floats, against a
// device copy of 16384^2 floats. "per step" is the difference between
// calls of 100 and of 10 steps over 90: what the packing costs once per
// call drops out.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include <vector>
#include "../median-time.cuh"

extern "C" void rb_guard_device(int, int, float *);
extern "C" void rb_stepped_device(int, int, float *);
extern "C" void caller_rb_guard_device(int, int, float *);
extern "C" void caller_rb_stepped_device(int, int, float *);

// One colour c of an n x n grid packed as P[colour][i][h], h = n / 2 (n
// even): point (i, j) at colour (i + j) & 1, column j >> 1.
__global__ void hPacked(float *P, int n, int c) {
  int h = n / 2;
  long long plane = (long long)n * h;
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  int i = 1 + blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= n - 1 || k >= h)
    return;
  int j = 2 * k + ((i + c) & 1);
  if (j < 1 || j >= n - 1)
    return;
  const float *O = P + (long long)(1 - c) * plane; // the other colour
  long long row = (long long)i * h;
  float up = O[row - h + k], down = O[row + h + k];
  // Left and right neighbours: columns j - 1 and j + 1 of the other colour.
  float left = O[row + ((j - 1) >> 1)], right = O[row + ((j + 1) >> 1)];
  P[(long long)c * plane + row + k] = 0.25f * (up + down + left + right);
}

static size_t differ(const float *a, const float *b, size_t n) {
  size_t d = 0;
  for (size_t k = 0; k < n; ++k)
    d += memcmp(&a[k], &b[k], 4) != 0;
  return d;
}

int main() {
  const size_t Max = (size_t)16384 * 16384;
  float *A, *C;
  cudaMalloc(&A, Max * 4);
  cudaMalloc(&C, Max * 4);
  std::vector<float> h(Max), got(Max), want(Max);
  for (size_t k = 0; k < Max; ++k)
    h[k] = 0.25f + (float)((k * 2654435761u) % 1000) / 1000.f;
  float tcopy = median_ms([&] { cudaMemcpy(C, A, Max * 4, cudaMemcpyDeviceToDevice); }, 21);
  double bw = 2.0 * Max * 4 / (tcopy * 1e-3);
  printf("copy of 16384^2 floats: %.3f ms, %.0f GB/s (read + write)\n\n", tcopy, bw / 1e9);
  auto up = [&](size_t n) { cudaMemcpy(A, h.data(), n * 4, cudaMemcpyHostToDevice); };
  auto down = [&](std::vector<float> &v, size_t n) { cudaMemcpy(v.data(), A, n * 4, cudaMemcpyDeviceToHost); };
  typedef void (*Sweep)(int, int, float *);
  struct Form { const char *name; Sweep packed, caller; } forms[] = {
      {"rb_guard", rb_guard_device, caller_rb_guard_device},
      {"rb_stepped", rb_stepped_device, caller_rb_stepped_device}};
  // Correctness at odd and small sizes too.
  size_t bad = 0;
  for (const Form &f : forms)
    for (int n : {3, 4, 37, 1001, 4096, 8192, 16384}) {
      size_t N = (size_t)n * n;
      for (int T : {1, 3}) {
        up(N); f.packed(T, n, A); down(got, N);
        up(N); f.caller(T, n, A); down(want, N);
        size_t d = differ(got.data(), want.data(), N);
        if (d)
          printf("MISMATCH %s n=%d T=%d: %zu elements differ\n", f.name, n, T, d);
        bad += d;
      }
    }
  printf("results compared (n = 3, 4, 37, 1001, 4096, 8192, 16384; 1 and 3 steps): %zu elements differ\n\n", bad);
  printf("| loop | n | layout | 10 steps ms | vs copy | 100 steps ms | vs copy | per step ms | per step vs copy |\n");
  printf("|---|---|---|---|---|---|---|---|---|\n");
  for (int n : {8192, 16384}) {
    size_t N = (size_t)n * n;
    double step = 12.0 * N; // bytes per time step
    up(N);
    auto row = [&](const char *name, const char *layout, Sweep s) {
      float t10 = median_ms([&] { s(10, n, A); }, 7);
      float t100 = median_ms([&] { s(100, n, A); }, 5);
      float ps = (t100 - t10) / 90;
      printf("| %s | %d | %s | %.3f | %.3f | %.3f | %.3f | %.4f | %.3f |\n", name, n, layout, t10,
             10 * step / (t10 * 1e-3) / bw, t100, 100 * step / (t100 * 1e-3) / bw, ps,
             step / (ps * 1e-3) / bw);
    };
    for (const Form &f : forms) {
      row(f.name, "packed (default)", f.packed);
      row(f.name, "caller's (--no-checkerboard-layout)", f.caller);
    }
    dim3 blk(32, 8), grd((n / 2 + 31) / 32, (n - 2 + 7) / 8);
    float th = median_ms([&] { for (int t = 0; t < 10; ++t) for (int c = 0; c < 2; ++c) hPacked<<<grd, blk>>>(A, n, c); }, 7);
    printf("| hand, packed beforehand | %d | packed | %.3f | %.3f | | | %.4f | %.3f |\n", n, th,
           10 * step / (th * 1e-3) / bw, th / 10, step / (th / 10 * 1e-3) / bw);
  }
  return 0;
}
