// Times each hand-tiled form of kernels.c against the same computation
// written plainly, both through c2cuda in this build ("now") and the tiled
// form through the build before JoinStripMinedLoops ("before", functions
// renamed *_old); every output is compared with the plain form's.
#include "../median-time.cuh"
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

extern "C" {
#define MM(n) void n##_device(int, const float *, const float *, float *);
MM(mm_tiled) MM(mm_plain) MM(mm_tiled_old)
void tr_tiled_device(int, const float *, float *);
void tr_plain_device(int, const float *, float *);
void tr_tiled_old_device(int, const float *, float *);
void mv_tiled_device(int, const float *, const float *, float *);
void mv_plain_device(int, const float *, const float *, float *);
void mv_tiled_old_device(int, const float *, const float *, float *);
void gs_tiled_device(int, float *);
void gs_plain_device(int, float *);
void gs_tiled_old_device(int, float *);
void blur_tiled_device(int, const float *, float *);
void blur_plain_device(int, const float *, float *);
void blur_tiled_old_device(int, const float *, float *);
}

static float *dev(size_t n, unsigned seed) {
  std::vector<float> h(n);
  for (size_t i = 0; i < n; i++)
    h[i] = (float)(((i + seed) * 2654435761u) % 2001) / 1000.0f - 1.0f;
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  cudaMemcpy(d, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  return d;
}
static std::vector<float> host(const float *d, size_t n) {
  std::vector<float> h(n);
  cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost);
  return h;
}
static double relL2(const std::vector<float> &a, const std::vector<float> &r) {
  double e = 0, s = 0;
  for (size_t i = 0; i < a.size(); i++) {
    if (std::isnan(a[i]))
      return NAN;
    e += (a[i] - (double)r[i]) * (a[i] - (double)r[i]);
    s += (double)r[i] * r[i];
  }
  return std::sqrt(e / (s > 0 ? s : 1));
}

// Runs `run()` on `out` initialised from `init` (the kernels that update
// their output read it), checks the result against ref, and times it with
// the output re-initialised before each call (that copy's time taken off).
template <class F>
static void row(const char *name, size_t n, const float *init, float *out,
                const std::vector<float> &ref, F run, double plain_ms,
                int reps) {
  cudaMemcpy(out, init, n * sizeof(float), cudaMemcpyDeviceToDevice);
  run();
  cudaError_t e = cudaDeviceSynchronize();
  double err = relL2(host(out, n), ref);
  float ms = median_ms(
      [&] {
        cudaMemcpy(out, init, n * sizeof(float), cudaMemcpyDeviceToDevice);
        run();
      },
      reps);
  float copy = median_ms(
      [&] { cudaMemcpy(out, init, n * sizeof(float), cudaMemcpyDeviceToDevice); },
      reps);
  ms -= copy; // the re-initialisation is not the kernel's
  printf("%-12s %10.4f ms  %7.2fx plain  relL2 %.1e  %s\n", name, ms,
         plain_ms > 0 ? ms / plain_ms : 1.0, err,
         e != cudaSuccess ? cudaGetErrorString(e) : (err < 1e-5 ? "ok" : "WRONG"));
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2048;
  int gsn = argc > 2 ? atoi(argv[2]) : 2000;
  int reps = 5;
  size_t nn = (size_t)n * n;
  float *A = dev(nn, 1), *B = dev(nn, 2), *C0 = dev(nn, 3), *C = dev(nn, 4),
        *x = dev(n, 5), *y0 = dev(n, 6), *y = dev(n, 7);
  printf("n = %d (Gauss-Seidel n = %d)\n", n, gsn);
  // Each computation: plain first (reference and time), then tiled now,
  // then tiled before.
  auto compare = [&](const char *what, size_t size, const float *init,
                     float *out, auto plain, auto now, auto old) {
    printf("-- %s\n", what);
    cudaMemcpy(out, init, size * sizeof(float), cudaMemcpyDeviceToDevice);
    plain();
    cudaDeviceSynchronize();
    std::vector<float> ref = host(out, size);
    float pm = median_ms(
        [&] {
          cudaMemcpy(out, init, size * sizeof(float), cudaMemcpyDeviceToDevice);
          plain();
        },
        reps);
    pm -= median_ms(
        [&] {
          cudaMemcpy(out, init, size * sizeof(float), cudaMemcpyDeviceToDevice);
        },
        reps);
    printf("%-12s %10.4f ms\n", "plain", pm);
    row("tiled now", size, init, out, ref, now, pm, reps);
    row("tiled before", size, init, out, ref, old, pm, reps);
  };
  compare("matmul C += A B", nn, C0, C,
          [&] { mm_plain_device(n, A, B, C); },
          [&] { mm_tiled_device(n, A, B, C); },
          [&] { mm_tiled_old_device(n, A, B, C); });
  compare("transpose", nn, C0, C, [&] { tr_plain_device(n, A, C); },
          [&] { tr_tiled_device(n, A, C); },
          [&] { tr_tiled_old_device(n, A, C); });
  compare("matvec", n, y0, y, [&] { mv_plain_device(n, A, x, y); },
          [&] { mv_tiled_device(n, A, x, y); },
          [&] { mv_tiled_old_device(n, A, x, y); });
  compare("blur 4-point", nn, C0, C, [&] { blur_plain_device(n, A, C); },
          [&] { blur_tiled_device(n, A, C); },
          [&] { blur_tiled_old_device(n, A, C); });
  size_t gg = (size_t)gsn * gsn;
  float *G0 = dev(gg, 8), *G = dev(gg, 9);
  compare("Gauss-Seidel 5-point sweep", gg, G0, G,
          [&] { gs_plain_device(gsn, G); }, [&] { gs_tiled_device(gsn, G); },
          [&] { gs_tiled_old_device(gsn, G); });
  return 0;
}
