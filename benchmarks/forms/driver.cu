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
void mm_bt_device(int n, int m, int p, const float *A, const float *B,
                  float *C);
void rank1_device(int n, int m, float alpha, const float *x, const float *y,
                  float *A);
void transpose_ji_device(int n, int m, const float *in, float *out);
void fir_device(int n, int taps, const float *x, const float *h, float *y);
void rownorm_device(int n, int m, float *A);
void pdist_device(int n, int m, int d, const float *X, const float *Y,
                  float *D);
void sqrt_skip_device(int n, const float *x, float *y);
void conv_nhwc_device(int N, int H, int W, int C, int K, const float *in,
                      const float *w, float *out);
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

__global__ void h_mm_bt(int n, int m, int p, const float *A, const float *B, float *C) {
  int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= n || j >= m) return;
  float s = 0.0f;
  for (int k = 0; k < p; k++) s += A[(size_t)i * p + k] * B[(size_t)j * p + k];
  C[(size_t)i * m + j] = s;
}
__global__ void h_rank1(int n, int m, float alpha, const float *x, const float *y, float *A) {
  int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < n && j < m) A[(size_t)i * m + j] += alpha * x[i] * y[j];
}
__global__ void h_transpose(int n, int m, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < n && j < m) out[(size_t)j * n + i] = in[(size_t)i * m + j];
}
__global__ void h_fir(int n, int taps, const float *x, const float *h, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float acc = 0.0f;
  for (int k = 0; k < taps; k++) acc += h[k] * x[i + k];
  y[i] = acc;
}
__global__ void h_rownorm(int n, int m, float *A) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float s = 0.0f;
  for (int j = 0; j < m; j++) s += A[(size_t)i * m + j] * A[(size_t)i * m + j];
  float inv = 1.0f / sqrtf(s + 1e-12f);
  for (int j = 0; j < m; j++) A[(size_t)i * m + j] *= inv;
}
__global__ void h_pdist(int n, int m, int d, const float *X, const float *Y, float *D) {
  int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= n || j >= m) return;
  float s = 0.0f;
  for (int k = 0; k < d; k++) { float t = X[(size_t)i * d + k] - Y[(size_t)j * d + k]; s += t * t; }
  D[(size_t)i * m + j] = sqrtf(s);
}
__global__ void h_sqrt_skip(int n, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && !(x[i] < 0.5f)) y[i] = sqrtf(x[i]);
}
__global__ void h_conv_nhwc(int N, int H, int W, int C, int K, const float *in, const float *w, float *out) {
  int k = blockIdx.x * blockDim.x + threadIdx.x, q = blockIdx.y, pn = blockIdx.z;
  int P = H - 2, Q = W - 2, p = pn % P, n = pn / P;
  if (k >= K || q >= Q) return;
  float acc = 0.0f;
  for (int r = 0; r < 3; r++)
    for (int s = 0; s < 3; s++)
      for (int c = 0; c < C; c++)
        acc += in[(((size_t)n * H + p + r) * W + q + s) * C + c] * w[((r * 3 + s) * C + c) * K + k];
  out[(((size_t)n * P + p) * Q + q) * K + k] = acc;
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
  {
    int n = 4096, m = 4096, p = 4096;
    float *A = dev((size_t)n * p, 7), *B = dev((size_t)m * p, 8), *C1, *C2;
    cudaMalloc(&C1, (size_t)n * m * 4); cudaMalloc(&C2, (size_t)n * m * 4);
    row("mm_bt", "4096^3", [&] { mm_bt_device(n, m, p, A, B, C1); }, [&] { h_mm_bt<<<dim3(m / 32, n / 8), dim3(32, 8)>>>(n, m, p, A, B, C2); }, C1, C2, (size_t)n * m);
    int d = 64;
    row("pdist", "4096 x 4096 x 64", [&] { pdist_device(n, m, d, A, B, C1); }, [&] { h_pdist<<<dim3(m / 32, n / 8), dim3(32, 8)>>>(n, m, d, A, B, C2); }, C1, C2, (size_t)n * m);
    cudaFree(A); cudaFree(B); cudaFree(C1); cudaFree(C2);
  }
  {
    int n = 8192, m = 8192; size_t N = (size_t)n * m;
    float *x = dev(n, 9), *y = dev(m, 10), *A1 = dev(N, 11), *A2, *T1, *T2;
    cudaMalloc(&A2, N * 4); cudaMemcpy(A2, A1, N * 4, cudaMemcpyDeviceToDevice);
    cudaMalloc(&T1, N * 4); cudaMalloc(&T2, N * 4);
    // In place: both versions run the same number of times, so they match.
    row("rank1 (in place)", "8192^2", [&] { rank1_device(n, m, 1e-3f, x, y, A1); }, [&] { h_rank1<<<dim3(m / 32, n / 8), dim3(32, 8)>>>(n, m, 1e-3f, x, y, A2); }, A1, A2, N);
    row("transpose_ji", "8192^2", [&] { transpose_ji_device(n, m, A1, T1); }, [&] { h_transpose<<<dim3(n / 32, m / 8), dim3(32, 8)>>>(n, m, A1, T2); }, T1, T2, N);
    int rn = 65536, rm = 1024;
    cudaMemcpy(A2, A1, (size_t)rn * rm * 4, cudaMemcpyDeviceToDevice);
    row("rownorm (in place)", "65536 x 1024", [&] { rownorm_device(rn, rm, A1); }, [&] { h_rownorm<<<rn / 256, 256>>>(rn, rm, A2); }, A1, A2, (size_t)rn * rm);
    int fn = 1 << 26, taps = 16;
    float *fx = dev(fn + taps, 12), *fh = dev(taps, 13);
    row("fir, 16 taps", "2^26", [&] { fir_device(fn, taps, fx, fh, T1); }, [&] { h_fir<<<fn / 256, 256>>>(fn, taps, fx, fh, T2); }, T1, T2, fn);
    cudaMemcpy(T2, T1, (size_t)fn * 4, cudaMemcpyDeviceToDevice);
    row("sqrt_skip (continue)", "2^26", [&] { sqrt_skip_device(fn, fx, T1); }, [&] { h_sqrt_skip<<<fn / 256, 256>>>(fn, fx, T2); }, T1, T2, fn);
    cudaFree(x); cudaFree(y); cudaFree(A1); cudaFree(A2); cudaFree(T1); cudaFree(T2); cudaFree(fx); cudaFree(fh);
  }
  {
    int N = 32, H = 58, W = 58, C = 64, K = 64;
    float *in = dev((size_t)N * H * W * C, 14), *w = dev(9 * C * K, 15), *o1, *o2;
    size_t O = (size_t)N * (H - 2) * (W - 2) * K;
    cudaMalloc(&o1, O * 4); cudaMalloc(&o2, O * 4);
    row("conv_nhwc 3x3", "N32 58^2 C64 K64", [&] { conv_nhwc_device(N, H, W, C, K, in, w, o1); }, [&] { h_conv_nhwc<<<dim3(K / 64, W - 2, N * (H - 2)), 64>>>(N, H, W, C, K, in, w, o2); }, o1, o2, O);
    cudaFree(in); cudaFree(w); cudaFree(o1); cudaFree(o2);
  }
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) { printf("CUDA error: %s\n", cudaGetErrorString(e)); return 1; }
  return 0;
}
