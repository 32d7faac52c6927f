//===- PipelineStrips.cpp - The next strip loaded during this one ---------===//

#include "PipelineStrips.h"

#include "PromoteToShared.h"

namespace c2cuda {

namespace {

class StripPipeliner : TileStage {
public:
  using TileStage::TileStage;
  bool run();
};

bool StripPipeliner::run() {
  P.Pipelined = S.Pipeline > 1;
  if (P.Pipelined && (!P.Strip || P.Tiles.empty()))
    return error("pipeline",
                 "pipeline(" + std::to_string(S.Pipeline) +
                     ") overlaps the loads of the next strip with the "
                     "computation of this one, and this kernel has " +
                     (P.Strip ? "no shared tile" : "no strip-mined loop"),
                 P.Strip ? "add shared(...) or leave out pipeline(...)"
                         : "strip-mine a loop inside the mapped loops with "
                           "tile(k: ...) or leave out pipeline(...)");
  // pipeline(3): two buffers of each tile, the first index choosing one.
  P.TwoBuffers = S.Pipeline == 3;
  if (!P.TwoBuffers)
    return true;
  int64_t Bytes = 0;
  for (SharedTile &T : P.Tiles) {
    int64_t Elems = 1;
    for (int64_t Sz : T.SharedDims)
      Elems *= Sz;
    Bytes += 2 * Elems * sizeInBytes(T.FP.Elem);
    T.SharedDims.insert(T.SharedDims.begin(), 2);
  }
  if (Bytes > maxSharedBytes())
    return error("shared", sharedBytesMessage(Bytes, true),
                 "use smaller tiles or pipeline(2)");
  return true;
}

} // namespace

bool planPipeline(Kernel &K, TilePlan &P, const LoweringContext &Ctx) {
  return StripPipeliner(K, P, Ctx).run();
}

LoweredFunction pipelineStrips(LoweredFunction LF, LoweringContext &Ctx) {
  forEachTilePlan(LF, Ctx, planPipeline);
  return LF;
}

} // namespace c2cuda
