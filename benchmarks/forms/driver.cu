// benchmarks/forms: the kernels of forms.c as c2cuda emits them (their
// _device entries) against simple hand-written CUDA, a thread per output,
// in the same process; each pair of results compared (relative L2).
// Usage: forms
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>
#include "../median-time.cuh"

extern "C" {
void softmax_rows_device(int n, int m, const float *x, float *y);
void layernorm_device(int n, int m, const float *x, const float *g,
                      const float *b, float *y);
void batched_mm_device(int nb, int n, const float *A, const float *B,
                       float *C);
void permute3_device(int n, const float *A, float *B);
void heat3d_device(int n, const float *A, float *B);
void colsum_device(int n, int m, const float *A, float *s);
void rowmax_device(int n, int m, const float *A, float *mx);
}

__global__ void h_softmax(int n, int m, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float *r = x + (size_t)i * m;
  float *o = y + (size_t)i * m;
  float mx = r[0];
  for (int j = 1; j < m; j++) mx = fmaxf(mx, r[j]);
  float sum = 0;
  for (int j = 0; j < m; j++) { o[j] = expf(r[j] - mx); sum += o[j]; }
  for (int j = 0; j < m; j++) o[j] = o[j] / sum;
}
__global__ void h_layernorm(int n, int m, const float *x, const float *g,
                            const float *b, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float *r = x + (size_t)i * m;
  float mean = 0;
  for (int j = 0; j < m; j++) mean += r[j];
  mean = mean / m;
  float var = 0;
  for (int j = 0; j < m; j++) var += (r[j] - mean) * (r[j] - mean);
  var = var / m;
  float inv = 1.0f / sqrtf(var + 1e-5f);
  for (int j = 0; j < m; j++) y[(size_t)i * m + j] = (r[j] - mean) * inv * g[j] + b[j];
}
__global__ void h_bmm(int nb, int n, const float *A, const float *B, float *C) {
  int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y, bb = blockIdx.z;
  if (i >= n || j >= n) return;
  size_t o = (size_t)bb * n * n;
  float acc = 0;
  for (int k = 0; k < n; k++) acc += A[o + (size_t)i * n + k] * B[o + (size_t)k * n + j];
  C[o + (size_t)i * n + j] = acc;
}
__global__ void h_permute(int n, const float *A, float *B) {
  int k = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y, i = blockIdx.z;
  if (k >= n || j >= n) return;
  B[((size_t)k * n + j) * n + i] = A[((size_t)i * n + j) * n + k];
}
__global__ void h_heat(int n, const float *A, float *B) {
  int k = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y, i = blockIdx.z;
  if (i < 1 || j < 1 || k < 1 || i >= n - 1 || j >= n - 1 || k >= n - 1) return;
  size_t c = ((size_t)i * n + j) * n + k, s = (size_t)n * n;
  B[c] = A[c] + 0.125f * (A[c + s] + A[c - s] + A[c + n] + A[c - n] + A[c + 1] + A[c - 1] - 6.0f * A[c]);
}
__global__ void h_colsum(int n, int m, const float *A, float *s) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= m) return;
  float a = 0;
  for (int i = 0; i < n; i++) a += A[(size_t)i * m + j];
  s[j] = a;
}
__global__ void h_rowmax(int n, int m, const float *A, float *mx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = A[(size_t)i * m];
  for (int j = 1; j < m; j++) if (A[(size_t)i * m + j] > v) v = A[(size_t)i * m + j];
  mx[i] = v;
}

static float *dev(size_t n, unsigned seed) {
  std::vector<float> h(n);
  for (size_t k = 0; k < n; ++k) { seed = seed * 1664525u + 1013904223u; h[k] = (seed >> 8) * (1.0f / 16777216.0f); }
  float *d; cudaMalloc(&d, n * 4); cudaMemcpy(d, h.data(), n * 4, cudaMemcpyHostToDevice);
  return d;
}
static double relL2(const float *a, const float *b, size_t n) {
  std::vector<float> x(n), y(n);
  cudaMemcpy(x.data(), a, n * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(y.data(), b, n * 4, cudaMemcpyDeviceToHost);
  double e = 0, d = 0;
  for (size_t k = 0; k < n; ++k) { double t = (double)x[k] - y[k]; e += t * t; d += (double)y[k] * y[k]; if (std::isnan(x[k])) return NAN; }
  return std::sqrt(e / d);
}
template <class A, class B> static void row(const char *name, const char *size, A mine, B hand, const float *o1, const float *o2, size_t n) {
  mine(); hand();
  double e = relL2(o1, o2, n);
  float tm = median_ms(mine), th = median_ms(hand);
  printf("| %s | %s | %.3f | %.3f | %.2fx | %.1e |\n", name, size, tm, th, th / tm, e);
}

int main() {
  printf("| kernel | size | c2cuda ms | hand ms | c2cuda vs hand | rel. L2 |\n|---|---|---|---|---|---|\n");
  {
    int n = 65536, m = 1024; size_t N = (size_t)n * m;
    float *x = dev(N, 1), *g = dev(m, 2), *b = dev(m, 3), *y1, *y2;
    cudaMalloc(&y1, N * 4); cudaMalloc(&y2, N * 4);
    row("softmax_rows", "65536 x 1024", [&] { softmax_rows_device(n, m, x, y1); }, [&] { h_softmax<<<(n + 255) / 256, 256>>>(n, m, x, y2); }, y1, y2, N);
    row("layernorm", "65536 x 1024", [&] { layernorm_device(n, m, x, g, b, y1); }, [&] { h_layernorm<<<(n + 255) / 256, 256>>>(n, m, x, g, b, y2); }, y1, y2, N);
    row("rowmax", "65536 x 1024", [&] { rowmax_device(n, m, x, y1); }, [&] { h_rowmax<<<(n + 255) / 256, 256>>>(n, m, x, y2); }, y1, y2, n);
    int cn = 16384, cm = 4096;
    row("colsum", "16384 x 4096", [&] { colsum_device(cn, cm, x, y1); }, [&] { h_colsum<<<(cm + 255) / 256, 256>>>(cn, cm, x, y2); }, y1, y2, cm);
    cudaFree(x); cudaFree(g); cudaFree(b); cudaFree(y1); cudaFree(y2);
  }
  {
    int nb = 64, n = 256; size_t N = (size_t)nb * n * n;
    float *A = dev(N, 4), *B = dev(N, 5), *C1, *C2;
    cudaMalloc(&C1, N * 4); cudaMalloc(&C2, N * 4);
    row("batched_mm", "64 x 256^3", [&] { batched_mm_device(nb, n, A, B, C1); }, [&] { h_bmm<<<dim3(n / 32, n / 8, nb), dim3(32, 8)>>>(nb, n, A, B, C2); }, C1, C2, N);
    cudaFree(A); cudaFree(B); cudaFree(C1); cudaFree(C2);
  }
  {
    int n = 384; size_t N = (size_t)n * n * n;
    float *A = dev(N, 6), *B1, *B2;
    cudaMalloc(&B1, N * 4); cudaMalloc(&B2, N * 4);
    cudaMemset(B1, 0, N * 4); cudaMemset(B2, 0, N * 4);
    dim3 g3((n + 31) / 32, (n + 7) / 8, n), b3(32, 8);
    row("permute3", "384^3", [&] { permute3_device(n, A, B1); }, [&] { h_permute<<<g3, b3>>>(n, A, B2); }, B1, B2, N);
    row("heat3d", "384^3", [&] { heat3d_device(n, A, B1); }, [&] { h_heat<<<g3, b3>>>(n, A, B2); }, B1, B2, N);
    cudaFree(A); cudaFree(B1); cudaFree(B2);
  }
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) { printf("CUDA error: %s\n", cudaGetErrorString(e)); return 1; }
  return 0;
}
