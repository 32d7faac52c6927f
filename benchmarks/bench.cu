// c2cuda benchmark runner: times the CUDA that c2cuda emits for
// examples/{matmul,conv2d,jacobi2d,transpose}.c against a peer measured in
// the same process (cuBLAS SGEMM in FP32 without TF32 for the matrix
// product; a device-to-device cudaMemcpy of the same compulsory bytes for
// the memory-bound kernels), checks every timed c2cuda result on the host,
// and prints a table (also written as Markdown with -o FILE).
//
// Linked with the generated .cu files, which define the *_device entry
// points (device pointers in, kernels launched on the legacy default stream).
//
// Method (docs: /work/.library/device/METHOD.md): inputs generated on the GPU
// by an integer hash (never zeros), outputs poisoned with NaN before the
// checked run, warm-up runs first, then each timed run alone between two
// CUDA events with the L2 flushed (a memset of twice its size) before it;
// median, min and max of the runs are reported.
//
// Usage: bench [-o RESULTS.md] [-r RUNS] [-w WARMUP] [--quick]

#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

extern "C" void matmul_device(int M, int N, int K, const float *A,
                              const float *B, float *C);
extern "C" void conv2d_3x3_device(int H, int W, const float *in,
                                  const float *mask, float *out);
extern "C" void jacobi2d_device(int tsteps, int n, float *A, float *B);
extern "C" void transpose_device(int rows, int cols, const float *in,
                                 float *out);

// ---------------------------------------------------------------- checks

#define CK(call)                                                               \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess) {                                                   \
      fprintf(stderr, "bench: %s failed at %s:%d: %s\n", #call, __FILE__,     \
              __LINE__, cudaGetErrorString(e_));                               \
      exit(2);                                                                 \
    }                                                                          \
  } while (0)

#define CKB(call)                                                              \
  do {                                                                         \
    cublasStatus_t s_ = (call);                                                \
    if (s_ != CUBLAS_STATUS_SUCCESS) {                                         \
      fprintf(stderr, "bench: %s failed at %s:%d: cuBLAS status %d\n", #call,  \
              __FILE__, __LINE__, (int)s_);                                    \
      exit(2);                                                                 \
    }                                                                          \
  } while (0)

// After a launch (ours or the generated code's): launch errors now, and
// execution errors at the synchronize.
static void check_last(const char *what) {
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) {
    fprintf(stderr, "bench: %s: %s\n", what, cudaGetErrorString(e));
    exit(2);
  }
}

// ---------------------------------------------------------------- inputs

// Deterministic hash of (seed, index) to a float in [-1, 1), never all zero;
// the same function on host and device.
__host__ __device__ static inline float hash_float(uint32_t seed, uint64_t i) {
  uint64_t x = i * 0x9E3779B97F4A7C15ull + (uint64_t)seed * 0xBF58476D1CE4E5B9ull;
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 31;
  return (float)((x >> 40) & 0xFFFFFF) * (2.0f / 16777216.0f) - 1.0f;
}

__global__ void fill_kernel(float *p, long long n, uint32_t seed) {
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    p[i] = hash_float(seed, (uint64_t)i);
}

static void fill(float *p, long long n, uint32_t seed) {
  fill_kernel<<<4096, 256>>>(p, n, seed);
  check_last("fill_kernel launch");
}

// NaN in every element: an output element the kernel does not write fails.
static void poison(float *p, long long n) {
  CK(cudaMemset(p, 0xFF, (size_t)n * sizeof(float)));
}

static std::vector<float> to_host(const float *d, long long n) {
  std::vector<float> h((size_t)n);
  CK(cudaMemcpy(h.data(), d, (size_t)n * sizeof(float), cudaMemcpyDeviceToHost));
  return h;
}

// ---------------------------------------------------------------- timing

struct Stats {
  double med = 0, min = 0, max = 0; // milliseconds
  int runs = 0;
};

static int g_runs = 30, g_warmup = 3;
static void *g_flush = nullptr;
static size_t g_flush_bytes = 0;

// Times fn() g_runs times, each between two events with the L2 flushed
// before it, after g_warmup untimed runs.
template <typename F> static Stats time_it(F fn) {
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  for (int i = 0; i < g_warmup; ++i)
    fn();
  CK(cudaDeviceSynchronize());
  std::vector<double> t;
  for (int i = 0; i < g_runs; ++i) {
    CK(cudaMemsetAsync(g_flush, i & 0xFF, g_flush_bytes, 0));
    CK(cudaEventRecord(a, 0));
    fn();
    CK(cudaEventRecord(b, 0));
    CK(cudaEventSynchronize(b));
    float ms = 0;
    CK(cudaEventElapsedTime(&ms, a, b));
    t.push_back(ms);
  }
  CK(cudaEventDestroy(a));
  CK(cudaEventDestroy(b));
  std::sort(t.begin(), t.end());
  Stats s;
  s.runs = (int)t.size();
  s.min = t.front();
  s.max = t.back();
  size_t n = t.size();
  s.med = n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
  return s;
}

// ---------------------------------------------------------------- results

struct Row {
  std::string bench, size;
  bool ok = false;     // c2cuda result checked and right
  std::string check;   // what the check found
  Stats c2c;
  double c2c_value = 0; // GFLOP/s or GB/s
  std::string unit;     // "GFLOP/s" or "GB/s"
  std::string peer;
  Stats peer_t;
  double peer_value = 0;
  std::string peer_check; // empty if not checked / fine
};

static std::vector<Row> g_rows;
static int g_failures = 0;

static void print_stats(const char *who, const Stats &s, double value,
                        const char *unit) {
  printf("  %-28s median %9.3f ms  (min %9.3f, max %9.3f, %d runs)  %9.1f %s\n",
         who, s.med, s.min, s.max, s.runs, value, unit);
}

// Time of a device-to-device copy moving `moved` bytes (read + written),
// i.e. a copy of moved/2 bytes; returns its GB/s.
static Stats time_copy(double moved, double *gbs) {
  size_t n = (size_t)(moved / 2);
  n &= ~(size_t)255;
  void *src, *dst;
  CK(cudaMalloc(&src, n));
  CK(cudaMalloc(&dst, n));
  CK(cudaMemset(src, 0x3C, n));
  Stats s = time_it([&] { CK(cudaMemcpyAsync(dst, src, n, cudaMemcpyDeviceToDevice, 0)); });
  *gbs = 2.0 * n / (s.med * 1e-3) / 1e9;
  CK(cudaFree(src));
  CK(cudaFree(dst));
  return s;
}

// ---------------------------------------------------------------- matmul

static void bench_matmul(int n) {
  const int M = n, N = n, K = n;
  printf("matmul %dx%dx%d FP32 (c2cuda matmul_device vs cublasSgemm, TF32 off)\n", M, N, K);
  float *A, *B, *C, *Cb;
  CK(cudaMalloc(&A, sizeof(float) * (size_t)M * K));
  CK(cudaMalloc(&B, sizeof(float) * (size_t)K * N));
  CK(cudaMalloc(&C, sizeof(float) * (size_t)M * N));
  CK(cudaMalloc(&Cb, sizeof(float) * (size_t)M * N));
  fill(A, (long long)M * K, 11);
  fill(B, (long long)K * N, 12);
  poison(C, (long long)M * N);
  poison(Cb, (long long)M * N);

  cublasHandle_t h;
  CKB(cublasCreate(&h));
  CKB(cublasSetStream(h, 0));
  CKB(cublasSetMathMode(h, CUBLAS_DEFAULT_MATH));
  cublasMath_t mode;
  CKB(cublasGetMathMode(h, &mode));
  if (mode & CUBLAS_TF32_TENSOR_OP_MATH) {
    fprintf(stderr, "bench: cuBLAS math mode still has TF32 set\n");
    exit(2);
  }
  const float one = 1.0f, zero = 0.0f;
  // Row-major C = A*B is column-major C^T = B^T * A^T: B^T is N x K with
  // leading dimension N, A^T is K x M with leading dimension K.
  auto sgemm = [&] {
    CKB(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one, B, N, A, K,
                    &zero, Cb, N));
  };
  auto ours = [&] {
    matmul_device(M, N, K, A, B, C);
    check_last("matmul_device");
  };

  // Checked runs first (outputs poisoned above).
  ours();
  sgemm();
  CK(cudaDeviceSynchronize());
  std::vector<float> hA = to_host(A, (long long)M * K);
  std::vector<float> hB = to_host(B, (long long)K * N);
  std::vector<float> hC = to_host(C, (long long)M * N);
  std::vector<float> hCb = to_host(Cb, (long long)M * N);
  // 512 sampled elements (corners included) against a float64 dot product:
  // relative error norm over the samples; FP32 lands near 1e-6, TF32 near
  // 3e-4.
  double num = 0, numb = 0, den = 0;
  bool nan = false, nanb = false;
  for (int s = 0; s < 512; ++s) {
    int i, j;
    if (s < 4) {
      i = (s & 1) ? M - 1 : 0;
      j = (s & 2) ? N - 1 : 0;
    } else {
      i = (int)((hash_float(77, s) + 1.0f) * 0.5f * M) % M;
      j = (int)((hash_float(78, s) + 1.0f) * 0.5f * N) % N;
    }
    double ref = 0;
    for (int k = 0; k < K; ++k)
      ref += (double)hA[(size_t)i * K + k] * (double)hB[(size_t)k * N + j];
    double c = hC[(size_t)i * N + j], cb = hCb[(size_t)i * N + j];
    if (!std::isfinite(c)) nan = true;
    if (!std::isfinite(cb)) nanb = true;
    num += (c - ref) * (c - ref);
    numb += (cb - ref) * (cb - ref);
    den += ref * ref;
  }
  double err = std::sqrt(num / den), errb = std::sqrt(numb / den);
  Row r;
  r.bench = "matmul";
  char buf[128];
  snprintf(buf, sizeof buf, "%dx%dx%d", M, N, K);
  r.size = buf;
  r.ok = !nan && err < 1e-4;
  snprintf(buf, sizeof buf, "rel. error %.2e over 512 samples%s", err, nan ? ", non-finite values" : "");
  r.check = buf;
  printf("  check c2cuda: %s -> %s\n", r.check.c_str(), r.ok ? "ok" : "FAIL");
  bool okb = !nanb && errb < 1e-4;
  snprintf(buf, sizeof buf, "rel. error %.2e%s", errb, nanb ? ", non-finite values" : "");
  printf("  check cuBLAS: %s -> %s\n", buf,
         okb ? "ok (FP32)" : "FAIL (wrong, or TF32 in use)");
  if (!okb)
    r.peer_check = std::string("peer check FAIL: ") + buf;

  const double flop = 2.0 * M * N * K;
  if (r.ok) {
    r.c2c = time_it(ours);
    r.c2c_value = flop / (r.c2c.med * 1e-3) / 1e9;
    print_stats("c2cuda matmul_device", r.c2c, r.c2c_value, "GFLOP/s");
  } else {
    g_failures++;
  }
  r.unit = "GFLOP/s";
  r.peer = "cuBLAS SGEMM (FP32, no TF32)";
  r.peer_t = time_it(sgemm);
  r.peer_value = flop / (r.peer_t.med * 1e-3) / 1e9;
  print_stats("cublasSgemm", r.peer_t, r.peer_value, "GFLOP/s");
  if (!okb)
    g_failures++;
  g_rows.push_back(r);

  CKB(cublasDestroy(h));
  CK(cudaFree(A));
  CK(cudaFree(B));
  CK(cudaFree(C));
  CK(cudaFree(Cb));
}

// ---------------------------------------------------------------- memory-bound

// Fills in the copy peer and prints; `moved` = compulsory bytes per timed
// unit, `peer_moved` the bytes the copy moves (the same unless given).
static void finish_bw_row(Row &r, double moved, const char *who,
                          double peer_moved = -1,
                          const char *peer = "cudaMemcpy D2D, same bytes") {
  r.unit = "GB/s";
  if (r.ok) {
    r.c2c_value = moved / (r.c2c.med * 1e-3) / 1e9;
    print_stats(who, r.c2c, r.c2c_value, "GB/s");
  } else {
    g_failures++;
  }
  r.peer = peer;
  r.peer_t = time_copy(peer_moved < 0 ? moved : peer_moved, &r.peer_value);
  print_stats("cudaMemcpy D2D", r.peer_t, r.peer_value, "GB/s");
  g_rows.push_back(r);
}

static void bench_conv2d(int H, int W) {
  printf("conv2d_3x3 %dx%d (c2cuda conv2d_3x3_device vs D2D copy)\n", H, W);
  const long long nin = (long long)H * W, nout = (long long)(H - 2) * (W - 2);
  float *in, *mask, *out;
  CK(cudaMalloc(&in, nin * sizeof(float)));
  CK(cudaMalloc(&mask, 9 * sizeof(float)));
  CK(cudaMalloc(&out, nout * sizeof(float)));
  fill(in, nin, 21);
  fill(mask, 9, 22);
  poison(out, nout);
  auto ours = [&] {
    conv2d_3x3_device(H, W, in, mask, out);
    check_last("conv2d_3x3_device");
  };
  ours();
  CK(cudaDeviceSynchronize());
  std::vector<float> hin = to_host(in, nin), hm = to_host(mask, 9),
                     hout = to_host(out, nout);
  // Every output element against the C formula in float64.
  long long bad = 0;
  double maxerr = 0;
  for (int i = 0; i < H - 2; ++i)
    for (int j = 0; j < W - 2; ++j) {
      double ref = 0, mag = 0;
      for (int r = 0; r < 3; ++r)
        for (int s = 0; s < 3; ++s) {
          double p = (double)hm[r * 3 + s] * hin[(size_t)(i + r) * W + (j + s)];
          ref += p;
          mag += std::fabs(p);
        }
      float o = hout[(size_t)i * (W - 2) + j];
      double e = std::fabs(o - ref) / (mag + 1e-30);
      if (!(e <= 1e-5)) ++bad; // NaN counts as bad
      else maxerr = std::max(maxerr, e);
    }
  Row r;
  r.bench = "conv2d_3x3";
  char buf[128];
  snprintf(buf, sizeof buf, "%dx%d", H, W);
  r.size = buf;
  r.ok = bad == 0;
  snprintf(buf, sizeof buf, "all %lld outputs, %lld wrong, max rel. error %.1e", nout, bad, maxerr);
  r.check = buf;
  printf("  check c2cuda: %s -> %s\n", r.check.c_str(), r.ok ? "ok" : "FAIL");
  if (r.ok)
    r.c2c = time_it(ours);
  finish_bw_row(r, (double)(nin + nout + 9) * sizeof(float), "c2cuda conv2d_3x3_device");
  CK(cudaFree(in));
  CK(cudaFree(mask));
  CK(cudaFree(out));
}

// Host reference for jacobi2d at one point after tsteps steps, computed on a
// window of half-width R around (pi, pj). Cells on a window edge that is not
// the array border go stale, and the staleness moves in one cell per sweep,
// so with R > 2*tsteps the centre is exact.
static void jacobi_ref_point(const std::vector<float> &A0,
                             const std::vector<float> &B0, int n, int tsteps,
                             int pi, int pj, float *outA, float *outB) {
  const int R = 2 * tsteps + 2;
  const int y0 = std::max(0, pi - R), y1 = std::min(n - 1, pi + R);
  const int x0 = std::max(0, pj - R), x1 = std::min(n - 1, pj + R);
  const int h = y1 - y0 + 1, w = x1 - x0 + 1;
  std::vector<float> a((size_t)h * w), b((size_t)h * w);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      a[(size_t)y * w + x] = A0[(size_t)(y0 + y) * n + (x0 + x)];
      b[(size_t)y * w + x] = B0[(size_t)(y0 + y) * n + (x0 + x)];
    }
  // Same float arithmetic and order as the C source.
  auto sweep = [&](const std::vector<float> &s, std::vector<float> &d) {
    for (int y = 1; y < h - 1; ++y) {
      int gy = y0 + y;
      if (gy < 1 || gy > n - 2) continue;
      for (int x = 1; x < w - 1; ++x) {
        int gx = x0 + x;
        if (gx < 1 || gx > n - 2) continue;
        d[(size_t)y * w + x] =
            0.2f * (s[(size_t)y * w + x] + s[(size_t)y * w + x - 1] +
                    s[(size_t)y * w + x + 1] + s[(size_t)(y + 1) * w + x] +
                    s[(size_t)(y - 1) * w + x]);
      }
    }
  };
  for (int t = 0; t < tsteps; ++t) {
    sweep(a, b);
    sweep(b, a);
  }
  *outA = a[(size_t)(pi - y0) * w + (pj - x0)];
  *outB = b[(size_t)(pi - y0) * w + (pj - x0)];
}

static void bench_jacobi2d(int n, int tsteps) {
  printf("jacobi2d n=%d tsteps=%d (c2cuda jacobi2d_device vs D2D copy; per time step)\n", n, tsteps);
  const long long nn = (long long)n * n;
  float *A, *B;
  CK(cudaMalloc(&A, nn * sizeof(float)));
  CK(cudaMalloc(&B, nn * sizeof(float)));
  fill(A, nn, 31);
  fill(B, nn, 32);
  CK(cudaDeviceSynchronize());
  std::vector<float> A0 = to_host(A, nn), B0 = to_host(B, nn);
  jacobi2d_device(tsteps, n, A, B);
  check_last("jacobi2d_device");
  CK(cudaDeviceSynchronize());
  std::vector<float> hA = to_host(A, nn), hB = to_host(B, nn);
  // 300 points: corners, border neighbours and random interior points.
  long long bad = 0;
  double maxerr = 0;
  const int npts = 300;
  for (int s = 0; s < npts; ++s) {
    int pi, pj;
    const int fixed[][2] = {{0, 0}, {1, 1}, {n - 2, n - 2}, {n - 1, n - 1},
                            {1, n - 2}, {n - 2, 1}, {0, n / 2}, {n / 2, 1},
                            {2, 3}, {n - 3, n / 3}};
    if (s < 10) {
      pi = fixed[s][0];
      pj = fixed[s][1];
    } else {
      pi = (int)((hash_float(41, s) + 1.0f) * 0.5f * n) % n;
      pj = (int)((hash_float(42, s) + 1.0f) * 0.5f * n) % n;
    }
    float ra, rb;
    jacobi_ref_point(A0, B0, n, tsteps, pi, pj, &ra, &rb);
    float ga = hA[(size_t)pi * n + pj], gb = hB[(size_t)pi * n + pj];
    double ea = std::fabs((double)ga - ra) / (std::fabs((double)ra) + 1e-3);
    double eb = std::fabs((double)gb - rb) / (std::fabs((double)rb) + 1e-3);
    if (!(ea <= 1e-5) || !(eb <= 1e-5)) ++bad;
    else maxerr = std::max(maxerr, std::max(ea, eb));
  }
  Row r;
  r.bench = "jacobi2d (per step)";
  char buf[160];
  snprintf(buf, sizeof buf, "n=%d, tsteps=%d", n, tsteps);
  r.size = buf;
  r.ok = bad == 0;
  snprintf(buf, sizeof buf, "%d points of A and B after %d steps, %lld wrong, max rel. error %.1e",
           npts, tsteps, bad, maxerr);
  r.check = buf;
  printf("  check c2cuda: %s -> %s\n", r.check.c_str(), r.ok ? "ok" : "FAIL");
  // Timed runs continue from the state reached (the stencil keeps the data
  // bounded and non-zero); times are per time step = two sweeps.
  if (r.ok) {
    r.c2c = time_it([&] {
      jacobi2d_device(tsteps, n, A, B);
      check_last("jacobi2d_device");
    });
    r.c2c.med /= tsteps;
    r.c2c.min /= tsteps;
    r.c2c.max /= tsteps;
  }
  // Per sweep: read one array once, write its interior once.
  const double per_sweep = (double)(nn + (long long)(n - 2) * (n - 2)) * sizeof(float);
  // The copy peer moves one sweep's bytes; the kernel's GB/s is per step
  // (two sweeps' bytes over the time of one step).
  finish_bw_row(r, 2 * per_sweep, "c2cuda jacobi2d_device/step", per_sweep,
                "cudaMemcpy D2D, one sweep's bytes");
  CK(cudaFree(A));
  CK(cudaFree(B));
}

static void bench_transpose(int rows, int cols) {
  printf("transpose %dx%d (c2cuda transpose_device vs D2D copy)\n", rows, cols);
  const long long nn = (long long)rows * cols;
  float *in, *out;
  CK(cudaMalloc(&in, nn * sizeof(float)));
  CK(cudaMalloc(&out, nn * sizeof(float)));
  fill(in, nn, 51);
  poison(out, nn);
  auto ours = [&] {
    transpose_device(rows, cols, in, out);
    check_last("transpose_device");
  };
  ours();
  CK(cudaDeviceSynchronize());
  std::vector<float> hin = to_host(in, nn), hout = to_host(out, nn);
  long long bad = 0;
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      if (memcmp(&hout[(size_t)j * rows + i], &hin[(size_t)i * cols + j], sizeof(float)) != 0)
        ++bad;
  Row r;
  r.bench = "transpose";
  char buf[128];
  snprintf(buf, sizeof buf, "%dx%d", rows, cols);
  r.size = buf;
  r.ok = bad == 0;
  snprintf(buf, sizeof buf, "all %lld outputs exact, %lld wrong", nn, bad);
  r.check = buf;
  printf("  check c2cuda: %s -> %s\n", r.check.c_str(), r.ok ? "ok" : "FAIL");
  if (r.ok)
    r.c2c = time_it(ours);
  finish_bw_row(r, 2.0 * nn * sizeof(float), "c2cuda transpose_device");
  CK(cudaFree(in));
  CK(cudaFree(out));
}

// ---------------------------------------------------------------- report

static std::string driver_string() {
  std::string s = "unknown";
  FILE *p = popen("nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null", "r");
  if (p) {
    char buf[128] = {0};
    if (fgets(buf, sizeof buf, p)) {
      buf[strcspn(buf, "\r\n")] = 0;
      if (buf[0]) s = buf;
    }
    pclose(p);
  }
  return s;
}

static std::string ver(int v) {
  char b[32];
  snprintf(b, sizeof b, "%d.%d", v / 1000, (v % 1000) / 10);
  return b;
}

int main(int argc, char **argv) {
  const char *out_md = nullptr;
  bool quick = false;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "-o") && i + 1 < argc) out_md = argv[++i];
    else if (!strcmp(argv[i], "-r") && i + 1 < argc) g_runs = atoi(argv[++i]);
    else if (!strcmp(argv[i], "-w") && i + 1 < argc) g_warmup = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--quick")) quick = true;
    else {
      fprintf(stderr,
              "usage: %s [-o RESULTS.md] [-r RUNS (30)] [-w WARMUP (3)] [--quick]\n"
              "  --quick: small sizes, for a smoke test; not for results\n",
              argv[0]);
      return 2;
    }
  }
  if (g_runs < 20 && !quick) {
    fprintf(stderr, "bench: at least 20 timed runs (-r %d given)\n", g_runs);
    return 2;
  }
  if (g_runs < 1 || g_warmup < 0) {
    fprintf(stderr, "bench: bad -r/-w\n");
    return 2;
  }
  // TF32 off for every library in this process, whatever the environment.
  setenv("NVIDIA_TF32_OVERRIDE", "0", 1);

  int ndev = 0;
  cudaError_t e = cudaGetDeviceCount(&ndev);
  if (e != cudaSuccess || ndev == 0) {
    fprintf(stderr, "bench: no CUDA device available (%s); run this on a GPU machine\n",
            e != cudaSuccess ? cudaGetErrorString(e) : "device count is 0");
    return 3;
  }
  CK(cudaSetDevice(0));
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  int drv = 0, rt = 0, cublas_ver = 0;
  CK(cudaDriverGetVersion(&drv));
  CK(cudaRuntimeGetVersion(&rt));
  CK(cudaFree(0));
  std::string drvs = driver_string();
  {
    cublasHandle_t h;
    CKB(cublasCreate(&h));
    CKB(cublasGetVersion(h, &cublas_ver));
    CKB(cublasDestroy(h));
  }
  printf("GPU: %s (sm_%d%d, %d SMs, L2 %d MiB, %.1f GiB)\n", prop.name, prop.major,
         prop.minor, prop.multiProcessorCount, prop.l2CacheSize >> 20,
         prop.totalGlobalMem / 1073741824.0);
  printf("driver %s (CUDA driver API %s), runtime %s, cuBLAS %d\n", drvs.c_str(),
         ver(drv).c_str(), ver(rt).c_str(), cublas_ver);
  printf("timing: median of %d runs after %d warm-up runs, CUDA events, L2 flushed before each run\n\n",
         g_runs, g_warmup);

  g_flush_bytes = std::max<size_t>((size_t)prop.l2CacheSize * 2, 64u << 20);
  CK(cudaMalloc(&g_flush, g_flush_bytes));

  const int mm = quick ? 1024 : 4096, big = quick ? 2048 : 8192, steps = 10;
  bench_matmul(mm);
  bench_conv2d(big, big);
  bench_jacobi2d(big, steps);
  bench_transpose(big, big);
  CK(cudaFree(g_flush));

  // The table, last.
  std::string md;
  char line[1024];
  md += "# c2cuda benchmark results\n\n";
  snprintf(line, sizeof line,
           "GPU: %s (sm_%d%d, %d SMs, L2 %d MiB). Driver %s (CUDA driver API %s), "
           "CUDA runtime %s, cuBLAS %d.\n\n",
           prop.name, prop.major, prop.minor, prop.multiProcessorCount,
           prop.l2CacheSize >> 20, drvs.c_str(), ver(drv).c_str(), ver(rt).c_str(),
           cublas_ver);
  md += line;
  snprintf(line, sizeof line,
           "Times: CUDA events, median of %d runs after %d warm-up runs (min-max in "
           "brackets), L2 flushed before each run; peers timed in the same process. "
           "GB/s counts compulsory bytes (each input read once, each output written "
           "once); a copy of N bytes moves 2N. Ratio = c2cuda / peer (higher is "
           "better).%s\n\n",
           g_runs, g_warmup, quick ? " **--quick: small sizes, not results.**" : "");
  md += line;
  md += "| benchmark | size | c2cuda time (median ms) | c2cuda | peer | peer value | ratio |\n";
  md += "|---|---|---|---|---|---|---|\n";
  for (const Row &r : g_rows) {
    char t[128], v[64], pv[64], ratio[32];
    if (r.ok) {
      snprintf(t, sizeof t, "%.3f [%.3f-%.3f]", r.c2c.med, r.c2c.min, r.c2c.max);
      snprintf(v, sizeof v, "%.1f %s", r.c2c_value, r.unit.c_str());
      snprintf(ratio, sizeof ratio, "%.3f", r.c2c_value / r.peer_value);
    } else {
      snprintf(t, sizeof t, "FAIL");
      snprintf(v, sizeof v, "FAIL");
      snprintf(ratio, sizeof ratio, "-");
    }
    snprintf(pv, sizeof pv, "%.1f %s (%.3f ms)%s", r.peer_value, r.unit.c_str(),
             r.peer_t.med, r.peer_check.empty() ? "" : " FAIL");
    snprintf(line, sizeof line, "| %s | %s | %s | %s | %s | %s | %s |\n", r.bench.c_str(),
             r.size.c_str(), t, v, r.peer.c_str(), pv, ratio);
    md += line;
  }
  md += "\nChecks of the c2cuda results (against the C source's formula on the host, float64 where it accumulates):\n\n";
  for (const Row &r : g_rows) {
    snprintf(line, sizeof line, "- %s: %s: %s%s%s\n", r.bench.c_str(), r.ok ? "ok" : "FAIL",
             r.check.c_str(), r.peer_check.empty() ? "" : "; ",
             r.peer_check.c_str());
    md += line;
  }
  printf("\n%s", md.c_str());
  if (out_md) {
    FILE *f = fopen(out_md, "w");
    if (!f || fputs(md.c_str(), f) < 0 || fclose(f) != 0) {
      fprintf(stderr, "bench: cannot write %s\n", out_md);
      return 2;
    }
    printf("\nwritten to %s\n", out_md);
  }
  if (g_failures) {
    printf("\nFAIL: %d check(s) failed\n", g_failures);
    return 1;
  }
  return 0;
}
