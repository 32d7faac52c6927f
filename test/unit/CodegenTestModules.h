//===- CodegenTestModules.h - Hand-built lowered functions for codegen tests //
//
// Small Modules with LoweredFunctions built by hand, as the lowering would
// produce them, so the CUDA printer can be tested without the frontend and
// the transforms. Each builder documents the C function it stands for.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TEST_UNIT_CODEGENTESTMODULES_H
#define C2CUDA_TEST_UNIT_CODEGENTESTMODULES_H

#include "codegen/CudaEmitter.h"
#include "ir/IR.h"

#include <memory>
#include <string>
#include <vector>

namespace c2cuda {
namespace cgtest {

/// A module and its lowered functions (which point into the module, so the
/// program is kept behind a unique_ptr and never copied).
struct TestProgram {
  Module M;
  std::vector<LoweredFunction> Lowered;
  TestProgram() = default;
  TestProgram(const TestProgram &) = delete;
  TestProgram &operator=(const TestProgram &) = delete;
  /// Adds F and returns the lowered function to fill in (Source set).
  LoweredFunction &add(Function F);
  /// Sets every Source pointer again (after all functions are added).
  void link();
  std::string emit(const std::string &SourceName = "test.c",
                   bool StagedTransfers = true) const;
};
using ProgramPtr = std::unique_ptr<TestProgram>;

// Expression and statement builders.
ExprPtr var(const std::string &N, ScalarKind T = ScalarKind::Int);
ExprPtr ilit(int64_t V, ScalarKind T = ScalarKind::Int);
ExprPtr flit(double V, ScalarKind T = ScalarKind::Float);
/// Result type: Int for comparisons and logical operators, else A's type.
ExprPtr bin(BinaryOpKind Op, ExprPtr A, ExprPtr B);
ExprPtr cast(ExprPtr X, ScalarKind T);
ExprPtr aref(const std::string &A, std::vector<ExprPtr> Idx,
             ScalarKind T = ScalarKind::Float);
StmtPtr assign(ExprPtr L, AssignOpKind Op, ExprPtr R);
StmtPtr decl(const std::string &N, ScalarKind T, ExprPtr Init);
StmtPtr loop(const std::string &I, ExprPtr Lo, ExprPtr Up, StmtList Body,
             int64_t Step = 1, LoopCmp C = LoopCmp::LT);
SourceLoc at(unsigned Line, unsigned Col = 3);

Param scalarParam(const std::string &N, ScalarKind T = ScalarKind::Int);
Param pointerParam(const std::string &N, ScalarKind Elem, bool IsConst);
Param arrayParam(const std::string &N, ScalarKind Elem,
                 std::vector<ExprPtr> Dims);

/// void matmul(int n, int m, int K, const float *A, const float *B,
///             float *C)   -- C = A * B, row-major, nest at matmul.c:7:
///   for (i < n) for (j < m) { float acc = 0; for (k < K) acc += A[i*K+k] *
///   B[k*m+j]; C[i*m+j] = acc; }
/// Lowered to one 2-D kernel: j -> x, i -> y, block (32, 8).
ProgramPtr makeMatmul();

/// void smooth(int n, int iters, float *x, const float *w, float *tmp)
///   for (int it = 0; it < iters; ++it) {            // host region
///     for (i = 1; i < n-1; i++) tmp[i] = w[i] * (x[i-1] + x[i+1]) * 0.5f;
///     for (i = 1; i < n-1; i++) x[i] = tmp[i];
///     x[0] = x[1];                                  // host code
///   }
///   while (x[n / 2] > 100.0f) {                     // header reads x
///     for (i = 0; i < n; i++) x[i] = x[i] * 0.5f;
///   }
ProgramPtr makeSmooth();

/// float dot(int n, const float *x, const float *y)
///   float sum = 0.0f; for (i < n) sum += x[i] * y[i]; return sum;
/// Lowered to a single-thread kernel that writes 'sum'.
ProgramPtr makeDot();

/// void scale2d(int n, int m, float A[n][m], float B[n][m], float T[4][8][16])
///   A[0][0] = 1.0f;                                  // host code
///   for (i < n) for (j < m) B[i][j] = 2.0f * A[i][j];  // 2-D grid
///   for (a < 4) for (b < 8) for (c < 16) T[a][b][c] += 1.0f;  // 3-D grid
ProgramPtr makeScale2d();

/// void prefix(int n, long *x)
///   for (i = 1; i < n; i++) x[i] += x[i - 1];  // single-thread kernel
/// and a host loop around a 1-D kernel:
///   for (r = 0; r < reps; r++) for (i = 0; i < n; i++) y[i] += r;
/// in void hostloop(int n, int reps, long *y).
ProgramPtr makePrefixAndHostLoop();

/// Every function above in one module, in the order listed.
ProgramPtr makeAll();

/// Runs a shell command; returns its exit status, stdout+stderr in Out.
int runShell(const std::string &Cmd, std::string &Out);

} // namespace cgtest
} // namespace c2cuda

#endif
