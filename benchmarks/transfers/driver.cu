// The drop-in entries of saxpy and conv2d_3x3 (examples/) with the arrays
// copied through pinned staging buffers (default) and with one cudaMemcpy
// each (--no-staged-transfers; compiled with its entry points renamed
// *_plain), host arrays from malloc, same process. Each call's results are
// compared bit for bit with the plain entry's first; the pinned-memory
// copy times of the same bytes are the ceiling.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include <vector>

extern "C" void saxpy(int n, float a, const float *x, float *y);
extern "C" void saxpy_plain(int n, float a, const float *x, float *y);
extern "C" void conv2d_3x3(int H, int W, const float *in,
                           const float mask[3][3], float *out);
extern "C" void conv2d_3x3_plain(int H, int W, const float *in,
                                 const float mask[3][3], float *out);

static double ms_now() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// Median of reps wall-clock times of f (the entries synchronize).
template <class F> static double median_wall(F f, int reps) {
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    double t0 = ms_now();
    f();
    t.push_back(ms_now() - t0);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

// Pinned host <-> device copy times of `bytes`, the ceiling.
static void pinned_ms(size_t bytes, double &h2d, double &d2h) {
  void *h, *d;
  cudaMallocHost(&h, bytes);
  cudaMalloc(&d, bytes);
  memset(h, 1, bytes);
  h2d =
      median_wall([&] { cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice); }, 5);
  d2h =
      median_wall([&] { cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost); }, 5);
  cudaFreeHost(h);
  cudaFree(d);
}

static int failures = 0;
static void same(const char *what, const float *a, const float *b, size_t n) {
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i)
    bad += memcmp(&a[i], &b[i], sizeof(float)) != 0;
  printf("CHECK %s: %zu of %zu elements differ: %s\n", what, bad, n,
         bad ? "FAIL" : "PASS");
  failures += bad != 0;
}

static void fill(float *p, size_t n, unsigned seed) {
  for (size_t i = 0; i < n; ++i) {
    seed = seed * 1664525u + 1013904223u;
    p[i] = (float)(seed >> 8) / 16777216.0f - 0.5f;
  }
}

int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 5;
  cudaFree(0);
  double h2d, d2h;
  pinned_ms(1ull << 30, h2d, d2h);
  printf("pinned copies of 1 GiB: to the device %.2f ms, to the host %.2f ms\n",
         h2d, d2h);
  struct Row {
    const char *what;
    double staged, plain, ceiling;
  };
  std::vector<Row> rows;

  for (long long n : {(1ll << 28) - 3, 1ll << 28}) {
    size_t b = n * sizeof(float);
    float *x = (float *)malloc(b), *y0 = (float *)malloc(b),
          *y1 = (float *)malloc(b), *y2 = (float *)malloc(b);
    fill(x, n, 1);
    fill(y0, n, 2);
    memcpy(y1, y0, b);
    memcpy(y2, y0, b);
    saxpy_plain((int)n, 1.5f, x, y1);
    saxpy((int)n, 1.5f, x, y2);
    same(n == (1ll << 28) ? "saxpy 2^28" : "saxpy 2^28-3", y1, y2, n);
    if (n == (1ll << 28)) {
      // Each run starts from the same y (the copy is outside the timing).
      double s = median_wall([&] { saxpy((int)n, 1.5f, x, y2); }, reps);
      double p = median_wall([&] { saxpy_plain((int)n, 1.5f, x, y1); }, reps);
      double c = (2.0 * h2d + d2h) * (double)b / (1ull << 30);
      rows.push_back({"saxpy, 2^28 floats", s, p, c});
    }
    free(x), free(y0), free(y1), free(y2);
  }

  for (int H : {16383, 16384}) {
    int W = H;
    size_t nin = (size_t)H * W, nout = (size_t)(H - 2) * (W - 2);
    float mask[3][3];
    fill(&mask[0][0], 9, 3);
    float *in = (float *)malloc(nin * 4), *o1 = (float *)malloc(nout * 4),
          *o2 = (float *)malloc(nout * 4);
    fill(in, nin, 4);
    fill(o1, nout, 5);
    memcpy(o2, o1, nout * 4);
    conv2d_3x3_plain(H, W, in, mask, o1);
    conv2d_3x3(H, W, in, mask, o2);
    same(H == 16384 ? "conv2d 16384^2" : "conv2d 16383^2", o1, o2, nout);
    if (H == 16384) {
      double s = median_wall([&] { conv2d_3x3(H, W, in, mask, o2); }, reps);
      double p =
          median_wall([&] { conv2d_3x3_plain(H, W, in, mask, o1); }, reps);
      // The entry copies out in too: elements the nest does not write keep
      // the caller's values.
      double c = ((nin + nout) * h2d + nout * d2h) * 4.0 / (1ull << 30);
      rows.push_back({"conv2d_3x3, 16384^2 floats", s, p, c});
    }
    free(in), free(o1), free(o2);
  }

  // Pinned host arrays take cudaMemcpy (no staging): same results.
  {
    long long n = 1ll << 24;
    float *x, *y1 = (float *)malloc(n * 4), *y2;
    cudaMallocHost(&x, n * 4);
    cudaMallocHost(&y2, n * 4);
    fill(x, n, 6);
    fill(y1, n, 7);
    memcpy(y2, y1, n * 4);
    saxpy_plain((int)n, -2.0f, x, y1);
    saxpy((int)n, -2.0f, x, y2);
    same("saxpy 2^24, pinned arrays", y1, y2, n);
    cudaFreeHost(x), cudaFreeHost(y2), free(y1);
  }

  printf("\n| entry (drop-in, host arrays) | staged ms | plain ms | speedup | "
         "pinned-copy ceiling ms | staged vs ceiling "
         "|\n|---|---|---|---|---|---|\n");
  for (const Row &r : rows)
    printf("| %s | %.1f | %.1f | %.2fx | %.1f | %.2f |\n", r.what, r.staged,
           r.plain, r.plain / r.staged, r.ceiling, r.ceiling / r.staged);
  printf("\n%s\n", failures ? "FAILED" : "all results identical");
  return failures != 0;
}
