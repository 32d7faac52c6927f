//===- ClipToBand.cpp - Skip grid points outside a triangular band --------===//

#include "ClipToBand.h"

#include "analysis/BandBox.h"

namespace c2cuda {

LoweredFunction clipToBand(LoweredFunction LF) {
  for (Kernel &K : LF.Kernels) {
    if (K.BandGuard.empty())
      continue;
    std::map<std::string, ScalarKind> Types;
    for (const GridLoop &G : K.Grid)
      Types[G.Iter] = G.IterType;
    K.Body = {std::make_shared<IfStmt>(
        analysis::constraintsHold(K.BandGuard, Types), K.Body, StmtList{})};
    K.BandGuard.clear();
  }
  return LF;
}

} // namespace c2cuda
