// Runs the functions of device-entry.c through both entries of c2cuda's
// CUDA, the drop-in one on host arrays and f_device on device arrays
// exactly as long as the C touches, and compares every array with the C
// reference (suffix _ref) on fresh random inputs: relative L2 error.
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>

extern "C" {
#define PROTO(name, ...)                                                       \
  void name(__VA_ARGS__);                                                      \
  void name##_device(__VA_ARGS__);                                             \
  void name##_ref(__VA_ARGS__);
PROTO(sentinel, int n, const float *x, float *y)
PROTO(host_prefix, int n, int m, float *y, float *z, float *s)
}

static unsigned long long Seed = 88172645463325252ull;
static float uniform() {
  Seed ^= Seed << 13;
  Seed ^= Seed >> 7;
  Seed ^= Seed << 17;
  return (float)((Seed >> 11) % 2001) / 1000.0f - 1.0f;
}

static int Failed = 0, Passed = 0;

// One array of a run: the reference's values, the drop-in entry's, the
// device entry's (on the GPU, then copied back; for an array only host
// statements use, Back is what f_device gets).
struct Arr {
  std::vector<float> Ref, Host, Back;
  float *Dev = nullptr;
  explicit Arr(size_t N) : Ref(N), Host(N), Back(N) {
    for (size_t I = 0; I < N; ++I)
      Ref[I] = Host[I] = Back[I] = uniform();
    if (cudaMalloc(&Dev, N * sizeof(float)) ||
        cudaMemcpy(Dev, Ref.data(), N * sizeof(float),
                   cudaMemcpyHostToDevice)) {
      fprintf(stderr, "cuda error\n");
      exit(2);
    }
  }
  ~Arr() { cudaFree(Dev); }
};

static void compare(const char *Fn, const char *Entry, const char *Name,
                    int N, const std::vector<float> &Got,
                    const std::vector<float> &Ref) {
  double Num = 0, Den = 0;
  for (size_t I = 0; I < Ref.size(); ++I) {
    double D = (double)Got[I] - Ref[I];
    Num += D * D;
    Den += (double)Ref[I] * Ref[I];
  }
  double Rel = sqrt(Num / (Den > 0 ? Den : 1));
  bool Ok = Rel <= 1e-5 && !isnan(Rel);
  printf("CHECK %s %s %s n=%d %s (rel %.2e)\n", Fn, Entry, Name, N,
         Ok ? "PASS" : "FAIL", Rel);
  (Ok ? Passed : Failed)++;
}

static void back(Arr &A) {
  if (cudaMemcpy(A.Back.data(), A.Dev, A.Back.size() * sizeof(float),
                 cudaMemcpyDeviceToHost)) {
    fprintf(stderr, "cuda error\n");
    exit(2);
  }
}

int main() {
  for (int n : {1, 7, 1000, 4097}) {
    {
      Arr x(n), y(n + 1);
      sentinel_ref(n, x.Ref.data(), y.Ref.data());
      sentinel(n, x.Host.data(), y.Host.data());
      sentinel_device(n, x.Dev, y.Dev);
      back(y);
      compare("sentinel", "drop-in", "y", n, y.Host, y.Ref);
      compare("sentinel", "device", "y", n, y.Back, y.Ref);
    }
    for (int m : {n / 2, n + 5}) {
      int Len = n > m ? n : m;
      Arr y(Len), z(n), s(1);
      host_prefix_ref(n, m, y.Ref.data(), z.Ref.data(), s.Ref.data());
      host_prefix(n, m, y.Host.data(), z.Host.data(), s.Host.data());
      // s is used by host statements only: f_device takes it as a host
      // pointer (the comment above host_prefix_device says so).
      host_prefix_device(n, m, y.Dev, z.Dev, s.Back.data());
      back(y);
      back(z);
      for (Arr *A : {&y, &z, &s}) {
        const char *Name = A == &y ? "y" : A == &z ? "z" : "s";
        compare("host_prefix", "drop-in", Name, n, A->Host, A->Ref);
        compare("host_prefix", "device", Name, n, A->Back, A->Ref);
      }
    }
  }
  printf("%d passed, %d failed\n", Passed, Failed);
  return Failed != 0;
}
