// Loops a `break` leaves (kernels.c) through c2cuda now, the hand-kept-count
// form also through the build before (8c1c3dc: no early exit; it refused
// the other two forms; renamed *_before), against
// simple hand-written CUDA, a thread per output, in the same process; every
// output compared with the hand kernel's.
#include "median-time.cuh"
#include <cstdio>
#include <cstdlib>
#include <vector>

extern "C" {
void mandel_device(int, int, int, const float *, int *);
void mandel_found_device(int, int, int, const float *, int *);
void mandel_found_before_device(int, int, int, const float *, int *);
void first_above_device(int, int, const float *, float, int *);
}

__global__ void mandel_hand(int w, int h, int maxit, const float *view,
                            int *out) {
  int px = blockIdx.x * blockDim.x + threadIdx.x;
  int py = blockIdx.y * blockDim.y + threadIdx.y;
  if (px >= w || py >= h)
    return;
  float cx = view[0] + view[2] * px / w, cy = view[1] + view[3] * py / h;
  float zx = 0.0f, zy = 0.0f;
  int it;
  for (it = 0; it < maxit; it++) {
    if (zx * zx + zy * zy > 4.0f)
      break;
    float t = zx * zx - zy * zy + cx;
    zy = 2.0f * zx * zy + cy;
    zx = t;
  }
  out[py * w + px] = it;
}

__global__ void first_above_hand(int n, int m, const float *A, float t,
                                 int *pos) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int k;
  for (k = 0; k < m; k++)
    if (A[(long long)i * m + k] > t)
      break;
  pos[i] = k;
}

static long long mismatches(const int *a, const int *b, size_t n) {
  std::vector<int> x(n), y(n);
  cudaMemcpy(x.data(), a, n * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(y.data(), b, n * 4, cudaMemcpyDeviceToHost);
  long long d = 0;
  for (size_t i = 0; i < n; i++)
    d += x[i] != y[i];
  return d;
}

int main() {
  int w = 4096, h = 4096, maxit = 256;
  float hv[4] = {-2.0f, -1.5f, 3.0f, 3.0f};
  float *view;
  cudaMalloc(&view, sizeof hv);
  cudaMemcpy(view, hv, sizeof hv, cudaMemcpyHostToDevice);
  size_t np = (size_t)w * h;
  int *ref, *out;
  cudaMalloc(&ref, np * 4);
  cudaMalloc(&out, np * 4);
  dim3 b(32, 8), g((w + 31) / 32, (h + 7) / 8);
  float hand = median_ms([&] { mandel_hand<<<g, b>>>(w, h, maxit, view, ref); });
  printf("mandelbrot %dx%d, maxit %d (ms; vs hand)\n", w, h, maxit);
  printf("  %-28s %8.3f\n", "hand", hand);
  auto row = [&](const char *name, auto f) {
    cudaMemset(out, 0xff, np * 4);
    float ms = median_ms(f);
    printf("  %-28s %8.3f  %.2fx  mismatches %lld\n", name, ms, hand / ms,
           mismatches(out, ref, np));
  };
  row("mandel (count in a local)", [&] { mandel_device(w, h, maxit, view, out); });
  row("mandel_found", [&] { mandel_found_device(w, h, maxit, view, out); });
  row("mandel_found, before", [&] { mandel_found_before_device(w, h, maxit, view, out); });

  int n = 16384, m = 4096;
  std::vector<float> hA((size_t)n * m);
  for (size_t i = 0; i < hA.size(); i++)
    hA[i] = (float)((i * 2654435761u) % 100000) / 100000.0f;
  float *A;
  cudaMalloc(&A, hA.size() * 4);
  cudaMemcpy(A, hA.data(), hA.size() * 4, cudaMemcpyHostToDevice);
  int *pref, *pos;
  cudaMalloc(&pref, n * 4);
  cudaMalloc(&pos, n * 4);
  float t = 0.9999f;
  float hand2 = median_ms([&] { first_above_hand<<<(n + 255) / 256, 256>>>(n, m, A, t, pref); });
  printf("first element above %g, %d rows of %d (ms; vs hand)\n", t, n, m);
  printf("  %-28s %8.3f\n", "hand", hand2);
  auto row2 = [&](const char *name, auto f) {
    cudaMemset(pos, 0xff, n * 4);
    float ms = median_ms(f);
    printf("  %-28s %8.3f  %.2fx  mismatches %lld\n", name, ms, hand2 / ms,
           mismatches(pos, pref, n));
  };
  row2("first_above", [&] { first_above_device(n, m, A, t, pos); });
  return 0;
}
