//===- FuzzClauses.cpp - libFuzzer target: kernel pragma clauses ----------===//
//
// The first byte of the input picks one of a few fixed functions; the rest
// is the clause text of the `#pragma c2cuda kernel` above its nest, kept on
// the pragma's line (line breaks and backslashes become spaces). The
// function is then compiled as a whole (FuzzCommon.h), so that clauses the
// parser accepts reach the lowering that checks and applies them.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace {

struct Nest {
  const char *Before; ///< Up to the pragma's `#`.
  const char *After;  ///< From the line after the pragma.
};

// Each names the parameters and loops that clauses refer to: M N K n m p,
// A B C x y out, loops i j k t.
const Nest Nests[] = {
    // A reduction loop inside a 2-D parallel band (tile, shared, vector).
    {"void matmul(int M, int N, int K, const float *A, const float *B,\n"
     "            float *C) {\n",
     "  for (int i = 0; i < M; i++)\n"
     "    for (int j = 0; j < N; j++) {\n"
     "      float acc = 0.0f;\n"
     "      for (int k = 0; k < K; k++)\n"
     "        acc += A[i * K + k] * B[k * N + j];\n"
     "      C[i * N + j] = acc;\n"
     "    }\n"
     "}\n"},
    // Indirect and strided accesses whose extents need extent(...).
    {"void gather(int n, int m, const int *x, const float *A, float *B) {\n",
     "  for (int i = 0; i < n; i++)\n"
     "    B[i * m] = A[x[i]] + A[x[i] + 1];\n"
     "}\n"},
    // Reductions into a scalar and into an array element.
    {"void dot(int n, const float *x, const float *y, float *out,\n"
     "         int *C) {\n"
     "  float s = 0.0f;\n"
     "  int mx = 0;\n",
     "  for (int i = 0; i < n; i++) {\n"
     "    s += x[i] * y[i];\n"
     "    mx = x[i] > mx ? (int)x[i] : mx;\n"
     "    C[0] ^= i;\n"
     "  }\n"
     "  out[0] = s + mx;\n"
     "}\n"},
    // A 3-D nest over variably modified arrays, under a host loop.
    {"void stencil(int T, int n, int m, int p, float A[n][m][p],\n"
     "             float B[n][m][p]) {\n"
     "  for (int t = 0; t < T; t++) {\n",
     "    for (int i = 1; i < n - 1; i++)\n"
     "      for (int j = 1; j < m - 1; j++)\n"
     "        for (int k = 1; k < p - 1; k++)\n"
     "          B[i][j][k] = 0.25f * (A[i - 1][j][k] + A[i + 1][j][k] +\n"
     "                                A[i][j - 1][k] + A[i][j][k + 1]);\n"
     "    A[0][0][0] = B[1][1][1];\n"
     "  }\n"
     "}\n"},
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size == 0 || Size > c2cuda::fuzz::MaxInputSize)
    return -1;
  const Nest &N = Nests[Data[0] % (sizeof(Nests) / sizeof(Nests[0]))];
  std::string Clauses(reinterpret_cast<const char *>(Data) + 1, Size - 1);
  for (char &C : Clauses)
    if (C == '\n' || C == '\r' || C == '\\' || C == '\0')
      C = ' ';
  if (c2cuda::fuzz::mayReadDevices(Clauses))
    return -1;
  std::string Source = N.Before;
  Source += "#pragma c2cuda kernel ";
  Source += Clauses;
  Source += "\n";
  Source += N.After;
  c2cuda::fuzz::compileSource(Source);
  return 0;
}
