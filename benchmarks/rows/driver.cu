// Bodies of several loops along a row (variants.c: a row softmax, rows
// scaled to unit norm, integer row ranges, the position of each row's
// maximum), as c2cuda emits them now
// (RowsPerWarp: a warp per row) against the same file from the c2cuda
// before it (a thread per row, "before_" names) and one warp per row
// written by hand, in one process. Results compared with the hand kernels
// (relative L2). CUDA events, median of 20.
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "../median-time.cuh"

extern "C" void softmax_device(int, int, const float *, float *);
extern "C" void before_softmax_device(int, int, const float *, float *);
extern "C" void rownorm_device(int, int, double *, double *);
extern "C" void before_rownorm_device(int, int, double *, double *);
extern "C" void rowrange_device(int, int, const int *, int *, int *);
extern "C" void rowargmax_device(int, int, const float *, int *);
extern "C" void before_rowargmax_device(int, int, const float *, int *);
extern "C" void before_rowrange_device(int, int, const int *, int *, int *);

__global__ void hand_softmax(int m, int n, const float *x, float *y) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, l = threadIdx.x & 31;
  if (i >= m) return;
  const float *r = x + (size_t)i * n;
  float *o = y + (size_t)i * n;
  float mx = -INFINITY;
  for (int j = l; j < n; j += 32) mx = fmaxf(mx, r[j]);
  for (int d = 16; d; d >>= 1) mx = fmaxf(mx, __shfl_xor_sync(~0u, mx, d));
  float s = 0;
  for (int j = l; j < n; j += 32) { float e = expf(r[j] - mx); o[j] = e; s += e; }
  for (int d = 16; d; d >>= 1) s += __shfl_xor_sync(~0u, s, d);
  float inv = 1.0f / s;
  for (int j = l; j < n; j += 32) o[j] *= inv;
}
__global__ void hand_rownorm(int m, int n, double *A, double *nrm) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, l = threadIdx.x & 31;
  if (i >= m) return;
  double *r = A + (size_t)i * n, q = 0;
  for (int j = l; j < n; j += 32) q += r[j] * r[j];
  for (int d = 16; d; d >>= 1) q += __shfl_xor_sync(~0u, q, d);
  double v = sqrt(q);
  if (l == 0) nrm[i] = v;
  for (int j = l; j < n; j += 32) r[j] = r[j] / v;
}
__global__ void hand_rowrange(int m, int n, const int *A, int *lo, int *hi) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, l = threadIdx.x & 31;
  if (i >= m) return;
  const int *r = A + (size_t)i * n;
  int a = r[0], b = r[0];
  for (int j = 1 + l; j < n; j += 32) { a = min(a, r[j]); b = max(b, r[j]); }
  for (int d = 16; d; d >>= 1) { a = min(a, __shfl_xor_sync(~0u, a, d)); b = max(b, __shfl_xor_sync(~0u, b, d)); }
  if (l == 0) { lo[i] = a; hi[i] = b; }
}

__global__ void hand_rowargmax(int m, int n, const float *A, int *idx) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, l = threadIdx.x & 31;
  if (i >= m) return;
  const float *r = A + (size_t)i * n;
  float bv = -INFINITY;
  int bj = n;
  for (int j = l; j < n; j += 32)
    if (r[j] > bv) { bv = r[j]; bj = j; }
  for (int d = 16; d; d >>= 1) {
    float ov = __shfl_xor_sync(~0u, bv, d);
    int oj = __shfl_xor_sync(~0u, bj, d);
    if (ov > bv || (ov == bv && oj < bj)) { bv = ov; bj = oj; }
  }
  if (l == 0) idx[i] = bj;
}

template <class T> static T *upload(const std::vector<T> &h) {
  T *d; cudaMalloc(&d, h.size() * sizeof(T));
  cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}
template <class T> static std::vector<T> download(const T *d, size_t n) {
  std::vector<T> h(n); cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost); return h;
}
template <class T> static double relL2(const std::vector<T> &a, const std::vector<T> &b) {
  double e = 0, r = 0;
  for (size_t i = 0; i < a.size(); ++i) { e += ((double)a[i] - b[i]) * ((double)a[i] - b[i]); r += (double)b[i] * b[i]; }
  return r > 0 ? std::sqrt(e / r) : std::sqrt(e);
}
static void row(const char *what, const char *size, float now, float before, float hand, double err) {
  printf("| %s | %s | %.3f | %.3f | %.3f | %.2fx | %.2fx | %.1e%s |\n", what, size, before, now, hand,
         before / now, hand / now, err, err < 1e-5 ? "" : " FAIL");
}

int main() {
  srand(1);
  printf("| kernel | rows x cols | before: thread per row (ms) | now (ms) | hand warp per row (ms) | speedup | vs hand | relL2 vs hand |\n|---|---|---|---|---|---|---|---|\n");
  for (std::pair<int, int> Shape : {std::pair<int, int>{4096, 4096}, {65536, 256}, {1024, 32768}}) {
    int m = Shape.first, n = Shape.second;
    std::vector<float> hx((size_t)m * n);
    for (auto &v : hx) v = rand() / (float)RAND_MAX * 8 - 4;
    float *x = upload(hx), *y, *yh;
    cudaMalloc(&y, hx.size() * 4); cudaMalloc(&yh, hx.size() * 4);
    float tn = median_ms([&] { softmax_device(m, n, x, y); });
    float tb = median_ms([&] { before_softmax_device(m, n, x, y); });
    float th = median_ms([&] { hand_softmax<<<(m * 32 + 255) / 256, 256>>>(m, n, x, yh); });
    softmax_device(m, n, x, y);
    char sz[32]; snprintf(sz, sizeof sz, "%dx%d", m, n);
    row("softmax (float)", sz, tn, tb, th, relL2(download(y, hx.size()), download(yh, hx.size())));
    cudaFree(x); cudaFree(y); cudaFree(yh);
  }
  {
    int m = 8192, n = 2048;
    std::vector<double> ha((size_t)m * n);
    for (auto &v : ha) v = rand() / (double)RAND_MAX - 0.5;
    double *a = upload(ha), *ah = upload(ha), *scratch = upload(ha), *nr, *nh;
    cudaMalloc(&nr, m * 8); cudaMalloc(&nh, m * 8);
    // In place: each timed call works on fresh copies.
    double *a0 = upload(ha);
    size_t bytes = ha.size() * 8;
    float tn = median_ms([&] { cudaMemcpyAsync(a, a0, bytes, cudaMemcpyDeviceToDevice); rownorm_device(m, n, a, nr); });
    float tb = median_ms([&] { cudaMemcpyAsync(a, a0, bytes, cudaMemcpyDeviceToDevice); before_rownorm_device(m, n, a, nr); });
    float th = median_ms([&] { cudaMemcpyAsync(ah, a0, bytes, cudaMemcpyDeviceToDevice); hand_rownorm<<<(m * 32 + 255) / 256, 256>>>(m, n, ah, nh); });
    float tc = median_ms([&] { cudaMemcpyAsync(scratch, a0, bytes, cudaMemcpyDeviceToDevice); });
    row("rownorm (double, in place; copy taken off)", "8192x2048", tn - tc, tb - tc, th - tc,
        relL2(download(a, ha.size()), download(ah, ha.size())) + relL2(download(nr, m), download(nh, m)));
  }
  {
    int m = 16384, n = 1024;
    std::vector<int> hA((size_t)m * n);
    for (auto &v : hA) v = rand() % 100000 - 50000;
    int *A = upload(hA), *lo, *hi, *loh, *hih;
    cudaMalloc(&lo, m * 4); cudaMalloc(&hi, m * 4); cudaMalloc(&loh, m * 4); cudaMalloc(&hih, m * 4);
    float tn = median_ms([&] { rowrange_device(m, n, A, lo, hi); });
    float tb = median_ms([&] { before_rowrange_device(m, n, A, lo, hi); });
    float th = median_ms([&] { hand_rowrange<<<(m * 32 + 255) / 256, 256>>>(m, n, A, loh, hih); });
    rowrange_device(m, n, A, lo, hi);
    row("rowrange (int)", "16384x1024", tn, tb, th, relL2(download(lo, m), download(loh, m)) + relL2(download(hi, m), download(hih, m)));
  }
  {
    int m = 4096, n = 4096;
    std::vector<float> hA((size_t)m * n);
    for (auto &v : hA) v = rand() / (float)RAND_MAX;
    float *A = upload(hA);
    int *ix, *ih;
    cudaMalloc(&ix, m * 4); cudaMalloc(&ih, m * 4);
    float tn = median_ms([&] { rowargmax_device(m, n, A, ix); });
    float tb = median_ms([&] { before_rowargmax_device(m, n, A, ix); });
    float th = median_ms([&] { hand_rowargmax<<<(m * 32 + 255) / 256, 256>>>(m, n, A, ih); });
    rowargmax_device(m, n, A, ix);
    row("rowargmax (float)", "4096x4096", tn, tb, th, relL2(download(ix, m), download(ih, m)));
  }
}
