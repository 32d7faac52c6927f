//===- CodegenNvccTest.cpp - The emitted CUDA compiles, links and runs ---===//
//
// Emits every hand-built lowered function into one .cu file and compiles it
// with nvcc (-Werror all-warnings, as the lit tests do). A C99 driver that
// declares the functions exactly as C would (VLA parameters, `long *`) is
// compiled with the C compiler and linked against it, which checks that the
// wrappers are drop-in replacements. Where a GPU answers nvidia-smi, the
// program runs: results against C reference implementations on fresh random
// inputs, and the run-time checks (overlapping arrays, a failing cudaMalloc)
// with their exact messages. Without nvcc the tests are skipped; without a
// GPU only the run is. C2CUDA_CODEGEN_TEST_DIR keeps the files there, so the
// program can be run on another machine.
//
//===----------------------------------------------------------------------===//

#include "CodegenTestModules.h"

#include "target/PtxasInfo.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <sys/wait.h>

using namespace c2cuda;
using namespace c2cuda::cgtest;

namespace {

bool hasGpu() {
  std::string Out;
  return runShell("nvidia-smi -L", Out) == 0 &&
         Out.find("GPU") != std::string::npos;
}

std::string workDir() {
  if (const char *D = std::getenv("C2CUDA_CODEGEN_TEST_DIR")) {
    llvm::sys::fs::create_directories(D);
    return D;
  }
  llvm::SmallString<128> Dir;
  if (llvm::sys::fs::createUniqueDirectory("c2cuda-codegen", Dir))
    return "";
  return std::string(Dir);
}

bool writeFile(const std::string &Path, const std::string &Text) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (EC)
    return false;
  OS << Text;
  return true;
}

// The C program that uses the generated functions as drop-in replacements.
const char *const Driver = R"(#include <cuda_runtime_api.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void matmul(int n, int m, int K, const float *A, const float *B, float *C);
void matmul_device(int n, int m, int K, const float *A, const float *B,
                   float *C);
void smooth(int n, int iters, float *x, const float *w, float *tmp);
void smooth_device(int n, int iters, float *x, const float *w, float *tmp);
float dot(int n, const float *x, const float *y);
void scale2d(int n, int m, float A[n][m], float B[n][m], float T[4][8][16]);
void prefix(int n, long *x);
void hostloop(int n, int reps, long *y);

static unsigned long long seed;
static float rnd(float lo, float hi) {
  seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
  return lo + (hi - lo) * (float)((seed >> 40) / 16777216.0);
}
static float *frand(long n, float lo, float hi) {
  float *p = malloc((n ? n : 1) * sizeof(float));
  for (long i = 0; i < n; i++)
    p[i] = rnd(lo, hi);
  return p;
}
static float *fcopy(const float *p, long n) {
  float *q = malloc((n ? n : 1) * sizeof(float));
  memcpy(q, p, n * sizeof(float));
  return q;
}
static int failures;
/* Relative L2 error against the reference; NaN never passes. */
static void check(const char *what, const float *got, const float *ref,
                  long n, double tol) {
  double num = 0, den = 0;
  for (long i = 0; i < n; i++) {
    double d = (double)got[i] - ref[i];
    num += d * d;
    den += (double)ref[i] * ref[i];
  }
  double err = sqrt(num / (den > 0 ? den : 1));
  if (!(err <= tol)) {
    printf("FAIL %s: relative L2 error %g\n", what, err);
    failures++;
  } else {
    printf("ok   %s (error %g)\n", what, err);
  }
}
static void checkLong(const char *what, const long *got, const long *ref,
                      long n) {
  for (long i = 0; i < n; i++)
    if (got[i] != ref[i]) {
      printf("FAIL %s: element %ld is %ld, expected %ld\n", what, i, got[i],
             ref[i]);
      failures++;
      return;
    }
  printf("ok   %s\n", what);
}

static void ref_matmul(int n, int m, int K, const float *A, const float *B,
                       float *C) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * m + j];
      C[i * m + j] = acc;
    }
}
static void ref_smooth(int n, int iters, float *x, const float *w,
                       float *tmp) {
  for (int it = 0; it < iters; ++it) {
    for (int i = 1; i < n - 1; i++)
      tmp[i] = w[i] * (x[i - 1] + x[i + 1]) * 0.5f;
    for (int i = 1; i < n - 1; i++)
      x[i] = tmp[i];
    x[0] = x[1];
  }
  while (x[n / 2] > 100.0f)
    for (int i = 0; i < n; i++)
      x[i] = x[i] * 0.5f;
}
static float ref_dot(int n, const float *x, const float *y) {
  float sum = 0.0f;
  for (int i = 0; i < n; i++)
    sum += x[i] * y[i];
  return sum;
}
static void ref_scale2d(int n, int m, float A[n][m], float B[n][m],
                        float T[4][8][16]) {
  A[0][0] = 1.0f;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      B[i][j] = 2.0f * A[i][j];
  T[0][1][2] = T[0][1][2] * 3.0f;
  for (int a = 0; a < 4; a++)
    for (int b = 0; b < 8; b++)
      for (int c = 0; c < 16; c++)
        T[a][b][c] += 1.0f;
}

static void test_matmul(int n, int m, int K) {
  float *A = frand((long)n * K, -1, 1), *B = frand((long)K * m, -1, 1);
  float *C = frand((long)n * m, 0, 0), *R = frand((long)n * m, 0, 0);
  for (long i = 0; i < (long)n * m; i++)
    C[i] = NAN; /* poisoned: every element must be written */
  matmul(n, m, K, A, B, C);
  ref_matmul(n, m, K, A, B, R);
  char what[64];
  snprintf(what, sizeof what, "matmul %dx%dx%d", n, m, K);
  check(what, C, R, (long)n * m, 1e-5);

  float *dA, *dB, *dC;
  cudaMalloc((void **)&dA, (long)n * K * sizeof(float));
  cudaMalloc((void **)&dB, (long)K * m * sizeof(float));
  cudaMalloc((void **)&dC, (long)n * m * sizeof(float));
  cudaMemcpy(dA, A, (long)n * K * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dB, B, (long)K * m * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(dC, 0xff, (long)n * m * sizeof(float)); /* NaN */
  matmul_device(n, m, K, dA, dB, dC);
  cudaMemcpy(C, dC, (long)n * m * sizeof(float), cudaMemcpyDeviceToHost);
  snprintf(what, sizeof what, "matmul_device %dx%dx%d", n, m, K);
  check(what, C, R, (long)n * m, 1e-5);
  cudaFree(dA);
  cudaFree(dB);
  cudaFree(dC);
  free(A); free(B); free(C); free(R);
}

static void test_smooth(int n, int iters) {
  float *x = frand(n, 500, 1000), *w = frand(n, 0.9f, 1.1f);
  float *tmp = frand(n, 0, 0);
  for (int i = 0; i < n; i++)
    tmp[i] = 12345.0f; /* unwritten ends must keep the caller's values */
  float *rx = fcopy(x, n), *rtmp = fcopy(tmp, n), *x0 = fcopy(x, n);
  ref_smooth(n, iters, rx, w, rtmp);
  smooth(n, iters, x, w, tmp);
  check("smooth x", x, rx, n, 1e-5);
  check("smooth tmp", tmp, rtmp, n, 1e-5);
  if (tmp[0] != 12345.0f || tmp[n - 1] != 12345.0f) {
    printf("FAIL smooth: unwritten elements of tmp changed\n");
    failures++;
  }

  float *dx, *dw, *dt;
  cudaMalloc((void **)&dx, n * sizeof(float));
  cudaMalloc((void **)&dw, n * sizeof(float));
  cudaMalloc((void **)&dt, n * sizeof(float));
  cudaMemcpy(dx, x0, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dw, w, n * sizeof(float), cudaMemcpyHostToDevice);
  for (int i = 0; i < n; i++)
    tmp[i] = 12345.0f;
  cudaMemcpy(dt, tmp, n * sizeof(float), cudaMemcpyHostToDevice);
  smooth_device(n, iters, dx, dw, dt);
  cudaMemcpy(x, dx, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(tmp, dt, n * sizeof(float), cudaMemcpyDeviceToHost);
  check("smooth_device x", x, rx, n, 1e-5);
  check("smooth_device tmp", tmp, rtmp, n, 1e-5);
  cudaFree(dx); cudaFree(dw); cudaFree(dt);
  free(x); free(w); free(tmp); free(rx); free(rtmp); free(x0);
}

static void test_dot(int n) {
  float *x = frand(n, 0, 1), *y = frand(n, 0, 1);
  float got = dot(n, x, y), ref = ref_dot(n, x, y);
  char what[64];
  snprintf(what, sizeof what, "dot n=%d", n);
  check(what, &got, &ref, 1, 1e-4);
  free(x); free(y);
}

static void test_scale2d(int n, int m) {
  float (*A)[m] = malloc(sizeof(float[n][m]));
  float (*B)[m] = malloc(sizeof(float[n][m]));
  float (*RA)[m] = malloc(sizeof(float[n][m]));
  float (*RB)[m] = malloc(sizeof(float[n][m]));
  float (*T)[8][16] = malloc(sizeof(float[4][8][16]));
  float (*RT)[8][16] = malloc(sizeof(float[4][8][16]));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      RA[i][j] = A[i][j] = rnd(-1, 1);
      B[i][j] = NAN;
    }
  for (int a = 0; a < 4; a++)
    for (int b = 0; b < 8; b++)
      for (int c = 0; c < 16; c++)
        RT[a][b][c] = T[a][b][c] = rnd(-1, 1);
  scale2d(n, m, A, B, T);
  ref_scale2d(n, m, RA, RB, RT);
  check("scale2d A", &A[0][0], &RA[0][0], (long)n * m, 0);
  check("scale2d B", &B[0][0], &RB[0][0], (long)n * m, 0);
  check("scale2d T", &T[0][0][0], &RT[0][0][0], 512, 0);
  free(A); free(B); free(RA); free(RB); free(T); free(RT);
}

static void test_longs(int n, int reps) {
  long *x = malloc(n * sizeof(long)), *r = malloc(n * sizeof(long));
  for (int i = 0; i < n; i++)
    r[i] = x[i] = (long)rnd(-1000, 1000);
  prefix(n, x);
  for (int i = 1; i < n; i++)
    r[i] += r[i - 1];
  checkLong("prefix", x, r, n);
  hostloop(n, reps, x);
  for (int rr = 0; rr < reps; rr++)
    for (int i = 0; i < n; i++)
      r[i] += rr;
  checkLong("hostloop", x, r, n);
  free(x); free(r);
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "overlap")) {
    float *x = frand(100, 0, 1), *tmp = frand(100, 0, 1);
    smooth(100, 1, x, x + 10, tmp); /* w overlaps x, which is written */
    printf("overlap not detected\n");
    return 0;
  }
  if (argc > 1 && !strcmp(argv[1], "oom")) {
    matmul(1 << 20, 1 << 20, 1 << 20, NULL, NULL, NULL);
    printf("allocation of 4 TiB succeeded\n");
    return 0;
  }
  seed = (unsigned long long)time(NULL) ^ ((unsigned long long)getpid() << 20);
  printf("seed %llu\n", seed);
  test_matmul(37, 300, 45);
  test_matmul(600000, 1, 1); /* more rows than 65535 blocks of 8: clamped */
  test_smooth(1000, 5);
  test_dot(100000);
  test_dot(0);
  test_scale2d(33, 70);
  test_longs(5000, 7);
  if (failures) {
    printf("%d failures\n", failures);
    return 1;
  }
  printf("c2cuda codegen GPU test: all passed\n");
  return 0;
}
)";

class CodegenNvccTest : public ::testing::Test {
protected:
  void SetUp() override {
    Nvcc = c2cuda::findNvcc();
    if (Nvcc.empty())
      GTEST_SKIP() << "nvcc not found";
    Keep = std::getenv("C2CUDA_CODEGEN_TEST_DIR") != nullptr;
    Dir = workDir();
    ASSERT_FALSE(Dir.empty());
  }
  void TearDown() override {
    if (!Keep && !Dir.empty())
      llvm::sys::fs::remove_directories(Dir);
  }
  std::string Nvcc, Dir;
  bool Keep = false;
};

TEST_F(CodegenNvccTest, EmittedCudaCompilesWithoutWarnings) {
  std::string Cu = Dir + "/all.cu", Out;
  ASSERT_TRUE(writeFile(Cu, makeAll()->emit("all.c")));
  int Rc = runShell(Nvcc + " -arch=sm_90 -std=c++17 -Werror all-warnings -c " +
                        Cu + " -o " + Dir + "/all.o",
                    Out);
  EXPECT_EQ(Rc, 0) << Out;
  // With the debug synchronisation switched on too.
  Rc = runShell(Nvcc +
                    " -arch=sm_90 -std=c++17 -Werror all-warnings "
                    "-DC2CUDA_DEBUG_SYNC=1 -c " +
                    Cu + " -o " + Dir + "/all-sync.o",
                Out);
  EXPECT_EQ(Rc, 0) << Out;
}

TEST_F(CodegenNvccTest, DropInForCAndCorrectOnGpu) {
  std::string Cu = Dir + "/all.cu", Drv = Dir + "/driver.c",
              Exe = Dir + "/codegen-gpu-test", Out;
  ASSERT_TRUE(writeFile(Cu, makeAll()->emit("all.c")));
  ASSERT_TRUE(writeFile(Drv, Driver));
  std::string CudaInc =
      llvm::sys::path::parent_path(llvm::sys::path::parent_path(Nvcc)).str() +
      "/include";
  ASSERT_EQ(runShell("cc -std=c99 -O2 -Wall -Werror -I" + CudaInc + " -c " +
                         Drv + " -o " + Dir + "/driver.o",
                     Out),
            0)
      << Out;
  ASSERT_EQ(runShell(Nvcc + " -arch=sm_90 -std=c++17 " + Cu + " " + Dir +
                         "/driver.o -o " + Exe + " -lm",
                     Out),
            0)
      << Out;
  if (!hasGpu())
    GTEST_SKIP() << "no GPU: built the program but did not run it (set "
                    "C2CUDA_CODEGEN_TEST_DIR to keep it)";

  int Rc = runShell(Exe, Out);
  EXPECT_EQ(Rc, 0) << Out;
  EXPECT_NE(Out.find("c2cuda codegen GPU test: all passed"), std::string::npos)
      << Out;

  Rc = runShell(Exe + " overlap", Out);
  EXPECT_EQ(Rc, 1) << Out;
  EXPECT_EQ(Out, "c2cuda: arrays 'x' and 'w' passed to smooth overlap; c2cuda "
                 "assumes distinct pointer arguments do not alias\n");

  Rc = runShell(Exe + " oom", Out);
  EXPECT_EQ(Rc, 1) << Out;
  EXPECT_EQ(Out, "c2cuda: cudaMalloc of 'A' failed in matmul (from all.c:5): "
                 "out of memory\n");
}

} // namespace
