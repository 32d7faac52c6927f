//===- CopyAsync.cpp - Shared tiles filled by asynchronous copies ---------===//

#include "CopyAsync.h"

#include "PromoteToShared.h"
#include "UseTensorCores.h"

namespace c2cuda {

namespace {

class AsyncCopyPlanner : TileStage {
public:
  using TileStage::TileStage;
  bool run();
};

bool AsyncCopyPlanner::run() {
  if (!S.Async)
    return true;
  std::string Clause = "async(" + std::to_string(S.Async) + ")";
  if (!P.Strip || P.Tiles.empty())
    return error("async",
                 Clause +
                     " copies the next strips' shared tiles while this one "
                     "computes, and this kernel has " +
                     (P.Strip ? "no shared tile" : "no strip-mined loop"),
                 P.Strip ? "add shared(...) or leave out async(...)"
                         : "strip-mine a loop inside the mapped loops with "
                           "tile(k: ...) or leave out async(...)");
  if (P.Pipelined)
    return error("async",
                 Clause +
                     " copies the next strips without registers; it "
                     "replaces pipeline(" +
                     std::to_string(S.Pipeline) + ")",
                 "leave out pipeline(...)");
  // Whether the tensor cores will take the strips: they read single
  // elements, so a transposed tile may keep the array's layout.
  TilePlan Trial = P;
  planTensorCores(K, Trial, Ctx);
  bool OnTensorCores = Trial.Mma.has_value();
  int64_t Bytes = 0;
  for (SharedTile &T : P.Tiles) {
    bool Moved = false;
    for (unsigned I = 0; I < T.Perm.size(); ++I)
      Moved |= T.Perm[I] != I;
    if (Moved && OnTensorCores) {
      int64_t Pad = T.SharedDims.back() - T.FP.Size[T.Perm.back()];
      for (unsigned I = 0; I < T.Perm.size(); ++I) {
        T.Perm[I] = I;
        T.SharedDims[I] = T.FP.Size[I] + (I + 1 == T.Perm.size() ? Pad : 0);
      }
      Moved = false;
    }
    // The copies move 4, 8 or 16 bytes as they lie in the array; other
    // tiles are loaded into the same buffers.
    int64_t Size = sizeInBytes(T.FP.Elem);
    T.Async = !Moved && (Size == 4 || Size == 8);
    int64_t Elems = 1;
    for (int64_t Sz : T.SharedDims)
      Elems *= Sz;
    Bytes += S.Async * Elems * Size;
    T.SharedDims.insert(T.SharedDims.begin(), S.Async);
  }
  if (Bytes > maxSharedBytes())
    return error("shared",
                 "the shared tiles need " + std::to_string(Bytes) +
                     " bytes per block (" + std::to_string(S.Async) +
                     " buffers each, " + Clause + "), more than the " +
                     std::to_string(maxSharedBytes()) +
                     " a block may use (sm_90)",
                 "use smaller tiles or fewer buffers");
  P.AsyncStages = S.Async;
  return true;
}

} // namespace

bool planCopyAsync(Kernel &K, TilePlan &P, const LoweringContext &Ctx) {
  return AsyncCopyPlanner(K, P, Ctx).run();
}

LoweredFunction copyAsync(LoweredFunction LF, LoweringContext &Ctx) {
  forEachTilePlan(LF, Ctx, planCopyAsync);
  return LF;
}

} // namespace c2cuda
