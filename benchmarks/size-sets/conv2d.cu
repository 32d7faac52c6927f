// conv2d_3x3 tuned at three sizes: the dispatching entry
// (conv2d_3x3_device), each size's own winner alone and the default
// schedule, against a device-to-device copy of the image (the bytes a 3x3
// convolution must move at least), at the tuned sizes and between them, in
// one process; outputs checked against a naive reference kernel.
// Usage: size-sets N ...   (N x N images)
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include <string>
#include <vector>
#include "../median-time.cuh"
typedef void Entry(int, int, const float *, const float (*)[3], float *);
extern "C" {
Entry conv2d_3x3_device, def_conv2d_3x3_device, own_H512_W512_conv2d_3x3_device,
    own_H2048_W2048_conv2d_3x3_device, own_H8192_W8192_conv2d_3x3_device;
}
__global__ void reference(int H, int W, const float *in, const float *m, float *out) {
  long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= (long long)(H - 2) * (W - 2)) return;
  int i = (int)(t / (W - 2)), j = (int)(t % (W - 2));
  float acc = 0.0f;
  for (int r = 0; r < 3; r++)
    for (int s = 0; s < 3; s++)
      acc += m[r * 3 + s] * in[(long long)(i + r) * W + (j + s)];
  out[t] = acc;
}
int main(int argc, char **argv) {
  struct { const char *name; Entry *f; } entries[] = {
      {"dispatch (tuned at 3 sizes)", conv2d_3x3_device},
      {"winner at 512^2", own_H512_W512_conv2d_3x3_device},
      {"winner at 2048^2", own_H2048_W2048_conv2d_3x3_device},
      {"winner at 8192^2", own_H8192_W8192_conv2d_3x3_device},
      {"default schedule", def_conv2d_3x3_device}};
  printf("| image | code | ms | vs copy of the image | relL2 vs reference | bits differing from dispatch |\n|---|---|---|---|---|---|\n");
  for (int a = 1; a < argc; ++a) {
    int n = atoi(argv[a]);
    size_t e = (size_t)n * n, o = (size_t)(n - 2) * (n - 2);
    std::vector<float> h(e);
    for (size_t i = 0; i < e; i++) h[i] = (float)((i * 2654435761u) % 2001) / 1000.f - 1.f;
    float hm[9] = {0.0625f, 0.125f, 0.0625f, 0.125f, 0.25f, 0.125f, 0.0625f, 0.125f, -0.0625f};
    float *in, *m, *out, *ref, *copy;
    cudaMalloc(&in, e * 4); cudaMalloc(&m, 36); cudaMalloc(&out, o * 4);
    cudaMalloc(&ref, o * 4); cudaMalloc(&copy, e * 4);
    cudaMemcpy(in, h.data(), e * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(m, hm, 36, cudaMemcpyHostToDevice);
    reference<<<(unsigned)((o + 255) / 256), 256>>>(n, n, in, m, ref);
    int reps = 31, calls = n >= 4096 ? 1 : 10;
    float tc = median_ms([&] { cudaMemcpyAsync(copy, in, e * 4, cudaMemcpyDeviceToDevice); }, reps, calls);
    std::vector<float> want(o), got(o), first(o);
    cudaMemcpy(want.data(), ref, o * 4, cudaMemcpyDeviceToHost);
    printf("| %d^2 | copy of the image | %.4f | 1.000 | - | - |\n", n, tc);
    for (size_t k = 0; k < sizeof entries / sizeof *entries; ++k) {
      cudaMemset(out, 0xff, o * 4);
      float ms = median_ms([&] { entries[k].f(n, n, in, (const float (*)[3])m, out); }, reps, calls);
      cudaError_t err = cudaDeviceSynchronize();
      if (err != cudaSuccess) { printf("%s: %s\n", entries[k].name, cudaGetErrorString(err)); return 1; }
      cudaMemcpy(got.data(), out, o * 4, cudaMemcpyDeviceToHost);
      double num = 0, den = 0;
      size_t differ = 0;
      for (size_t i = 0; i < o; i++) {
        double d = (double)got[i] - want[i];
        num += d * d; den += (double)want[i] * want[i];
        if (k == 0) first[i] = got[i];
        else differ += memcmp(&got[i], &first[i], 4) != 0;
      }
      double rel = std::sqrt(num / den);
      if (!(rel < 1e-5)) { printf("%s: relL2 %.2e\n", entries[k].name, rel); return 1; }
      printf("| %d^2 | %s | %.4f | %.3f | %.1e | %s |\n", n, entries[k].name, ms, tc / ms, rel,
             k == 0 ? "-" : std::to_string(differ).c_str());
    }
    cudaFree(in); cudaFree(m); cudaFree(out); cudaFree(ref); cudaFree(copy);
  }
  return 0;
}
