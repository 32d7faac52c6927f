//===- ExplicitIRBuilders.h - Builders for explicit-thread kernels -*- C++ -*-//
//
// Additions to IRBuilders.h for tiled kernels (Kernel::ExplicitThreads):
// CUDA built-ins, kernel-declared register and shared arrays and their
// elements, barriers, loops with a chosen iterator type, launches.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TEST_UNIT_EXPLICITIRBUILDERS_H
#define C2CUDA_TEST_UNIT_EXPLICITIRBUILDERS_H

#include "IRBuilders.h"

namespace c2cuda {
namespace irb {

/// `threadIdx.x`, `blockIdx.y`, `gridDim.x`, ... (unsigned int).
inline ExprPtr builtin(const std::string &N) {
  return var(N, ScalarKind::UInt);
}
inline ExprPtr lvar(const std::string &N) { return var(N, ScalarKind::Long); }
inline ExprPtr llit(int64_t V) { return lit(V, ScalarKind::Long); }

/// An element of a kernel-declared array, one index per dimension.
inline ExprPtr local(const std::string &A, std::vector<ExprPtr> Idx,
                     ScalarKind T = ScalarKind::Float) {
  auto R = std::make_shared<ArrayRef>(A, std::move(Idx), T, nextLoc());
  R->Local = true;
  return R;
}

/// `float A[d0][d1];` or `__shared__ float A[d0][d1];`.
inline StmtPtr arrayDecl(const std::string &N, std::vector<int64_t> Dims,
                         StorageKind St, ScalarKind T = ScalarKind::Float) {
  auto D = std::make_shared<DeclStmt>(N, T, nullptr, nextLoc());
  D->Dims = std::move(Dims);
  D->Storage = St;
  return D;
}

inline StmtPtr barrier() { return std::make_shared<BarrierStmt>(nextLoc()); }

inline StmtPtr launch(unsigned K) {
  return std::make_shared<LaunchStmt>(K, nextLoc());
}

/// A loop whose iterator has type T.
inline StmtPtr forLoopT(const std::string &I, ScalarKind T, ExprPtr Lo,
                        LoopCmp Cmp, ExprPtr Hi, int64_t Step, StmtList Body,
                        int Unroll = 0) {
  auto F = std::make_shared<ForStmt>(I, T, Lo, Cmp, Hi, Step, std::move(Body),
                                     nextLoc());
  F->Unroll = Unroll;
  return F;
}

} // namespace irb
} // namespace c2cuda

#endif
