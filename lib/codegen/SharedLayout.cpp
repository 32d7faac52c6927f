//===- SharedLayout.cpp - Where a kernel's shared tiles live -------------===//

#include "SharedLayout.h"
#include "CudaEmitter.h"

#include "ir/IRWalk.h"

#include <algorithm>

namespace c2cuda {
namespace codegen {

SharedLayout sharedLayout(const Kernel &K) {
  SharedLayout L;
  std::map<std::string, int64_t> Offsets;
  // The tiles from offset 0 on, and the arrays overlaying them from offset
  // 0 on as well: the block needs the larger of the two runs.
  int64_t End[2] = {0, 0};
  bool Overlaid = false;
  forEachStmt(K.Body, [&](const Stmt &S) {
    const auto *D = llvm::dyn_cast<DeclStmt>(&S);
    if (!D || !D->isArray() || D->Storage != StorageKind::Shared ||
        Offsets.count(D->Name))
      return;
    int64_t Elems = 1;
    for (int64_t N : D->Dims)
      Elems *= N;
    int64_t &At = End[D->OverlaysTiles];
    Overlaid |= D->OverlaysTiles;
    At = (At + 15) / 16 * 16;
    Offsets[D->Name] = At;
    At += Elems * sizeInBytes(D->Type);
  });
  L.Bytes = std::max(End[0], End[1]);
  // Arrays declared statically never share memory: overlaid ones live in
  // the dynamic buffer.
  if (L.Bytes > MaxStaticSharedBytes || Overlaid)
    L.Offsets = std::move(Offsets);
  return L;
}

} // namespace codegen

int64_t dynamicSharedBytes(const Kernel &K) {
  codegen::SharedLayout L = codegen::sharedLayout(K);
  return L.dynamic() ? L.Bytes : 0;
}

} // namespace c2cuda
