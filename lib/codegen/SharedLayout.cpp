//===- SharedLayout.cpp - Where a kernel's shared tiles live -------------===//

#include "SharedLayout.h"
#include "CudaEmitter.h"

#include "ir/IRWalk.h"

namespace c2cuda {
namespace codegen {

SharedLayout sharedLayout(const Kernel &K) {
  SharedLayout L;
  std::map<std::string, int64_t> Offsets;
  forEachStmt(K.Body, [&](const Stmt &S) {
    const auto *D = llvm::dyn_cast<DeclStmt>(&S);
    if (!D || !D->isArray() || D->Storage != StorageKind::Shared ||
        Offsets.count(D->Name))
      return;
    int64_t Elems = 1;
    for (int64_t N : D->Dims)
      Elems *= N;
    L.Bytes = (L.Bytes + 15) / 16 * 16;
    Offsets[D->Name] = L.Bytes;
    L.Bytes += Elems * sizeInBytes(D->Type);
  });
  if (L.Bytes > MaxStaticSharedBytes)
    L.Offsets = std::move(Offsets);
  return L;
}

} // namespace codegen

int64_t dynamicSharedBytes(const Kernel &K) {
  codegen::SharedLayout L = codegen::sharedLayout(K);
  return L.dynamic() ? L.Bytes : 0;
}

} // namespace c2cuda
