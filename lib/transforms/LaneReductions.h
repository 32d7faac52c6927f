//===- LaneReductions.h - A loop's reductions split over threads -*- C++
//-*-===//
//
// What ReduceAcrossLanes and RowsPerWarp share: the reductions of a loop L
// that several threads run at once, each into a private partial value that
// starts from the operator's identity, the partials combined afterwards
// (warp shuffles, shared memory) and then into the accumulator. That sums
// in another order, so each reduction needs the user's permission
// (ReductionPolicy.h: a reduction clause, --allow-reassociation, or an exact
// integer operator) and an atomic form (`acc op= e`) on a 4- or 8-byte type.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_LANEREDUCTIONS_H
#define C2CUDA_TRANSFORMS_LANEREDUCTIONS_H

#include "LoweringContext.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace c2cuda {

/// One reduction of the loop: its accumulator and how partials combine.
struct LaneReduction {
  /// The accumulator: a scalar, or an array element the loop does not move.
  ExprPtr Target;
  std::string Acc, Part;
  /// Where partials start: the operator's identity (null: none).
  ExprPtr Identity;
  /// The accumulator as the user wrote it, for remarks.
  std::string Shown;
  /// The target's references in the loop (array elements only).
  std::vector<const ArrayRef *> Refs;
  ScalarKind Type;
  AtomicKind Kind;
  std::string Permission;
};

/// The reductions of L, a Reduction loop of Nest, when every one qualifies:
/// a scalar target among Declared (the point's own scalars) or, with
/// Elements, an array element L does not move (`y[i] += ...`, each array
/// once); permitted; an atomic form with one operator per target. Besides
/// its targets L may write only the scalars it declares, and arrays only
/// with WritesArrays. Partials are named c2c_part<Tag>_<acc>.
std::optional<std::vector<LaneReduction>>
laneReductions(const ForStmt &L, const NestStmt &Nest,
               const LoweringContext &Ctx,
               const std::set<std::string> &Declared, bool Elements,
               bool WritesArrays, const std::string &Tag = "");

/// The one grid loop of a 1-D kernel K whose points may each get threads
/// of their own (on x, one point per grid index, no triangular band), or
/// null. Not when the mapped loop is itself a reduction: its updates are
/// ParallelizeReductions' to make atomic, which does not look inside the
/// explicit-threads kernels built from it (fuzz seed 9907, p00048, with
/// --allow-reassociation: a race).
const GridLoop *lanePoint(Kernel &K, const NestStmt &Nest,
                          const LoweringContext &Ctx);

/// rowsAlong (analysis/NestFacts.h) of Ls across the mapped loop X.
int rowsAlong(const std::vector<const ForStmt *> &Ls, const GridLoop &X,
              const NestStmt &Nest, const LoweringContext &Ctx,
              const std::set<const ArrayRef *> &Skip = {});

/// L's body for one of Ways threads sharing it: iterations First, First +
/// Ways, ... (counter c2c_q_<iter> up to c2c_trip_<iter>, which the caller
/// declares), with each reduction's target read and written as its partial;
/// `#pragma unroll Unroll` before it.
StmtPtr splitLoopOver(const ForStmt &L, ExprPtr First, int64_t Ways,
                      const std::vector<LaneReduction> &Reds, int Unroll = 4);

/// Round over the points of X in block-uniform rounds of PerBlock points
/// per block: c2c_t_x is (block + round * gridDim.x) * PerBlock + Offset,
/// declared first in Round; c2c_trip_x is X's trip count.
StmtList pointRounds(const GridLoop &X, int64_t PerBlock, ExprPtr Offset,
                     StmtList Round);

/// K becomes an explicit-thread kernel running Body in blocks of BlockX x
/// BlockY threads, PerBlock of X's points per block, with schedule Used:
/// the default one where the pass chose the mapping itself ("(default)"
/// atop the kernel), the lanes clause where the user asked for it.
void makeLaneKernel(Kernel &K, StmtList Body, const GridLoop &X, int64_t BlockY,
                    int64_t PerBlock, NestSchedule Used = NestSchedule(),
                    int64_t BlockX = 32);

} // namespace c2cuda

#endif // C2CUDA_TRANSFORMS_LANEREDUCTIONS_H
