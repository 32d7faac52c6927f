//===- PointLoops.h - A thread's points around a statement list -*- C++ -*-===//
//
// Used by LowerTiles (and UseTensorCores) to run statements of the nest
// for every point of a thread's part of a tile: the mapped iterators are
// declared per point, scalars of the register tile become elements of
// their register arrays, staged references read the shared tiles, and
// points outside the iteration space are skipped by a guard. When the
// body has loops, a tile wholly inside the space runs a copy of the points
// without the guard; in an edge tile, when the innermost body writes only
// the points' registers, a point past the space runs as the last point
// inside it (its loads stay in bounds, its result is never stored) instead
// of being skipped, so the loads stay unpredicated. The point loops are
// fully unrolled so that register arrays stay in registers. Legal because
// the points are iterations of the parallel band: any order keeps their
// dependences.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_POINTLOOPS_H
#define C2CUDA_TRANSFORMS_POINTLOOPS_H

#include "TilePlan.h"

namespace c2cuda {

class PointLoops : TileStage {
public:
  using TileStage::TileStage;
  /// L with the plan's private scalars as register arrays and staged
  /// references as shared (or register operand) elements.
  StmtList rewriteForPoints(const StmtList &L);
  /// The point loops around Body; with Guard, for a body with loops, split
  /// into an unguarded version for full tiles and a guarded one for edge
  /// tiles.
  StmtList points(const StmtList &Body, bool Guard);
  /// points(), sunk through the loops that wrap Body alone when their
  /// bounds are the same for every point (a convolution's r and s inside
  /// the strip of c): the points run innermost, so an operand the points
  /// share is loaded once per step for all of them. Legal: the points are
  /// iterations of parallel loops, in any order.
  StmtList pointsInside(const StmtList &Body, bool Guard);
  /// With Clamped, each point's local index along a dimension comes from
  /// the array c2c_c_<dim> (clampedIndices) and nothing is guarded.
  StmtList pointLoops(const StmtList &Body, bool Guard, bool Clamped = false);
  /// The reads of B (rewritten for points) that pointLoops evaluates for
  /// every point first (ReadsBeforeWrites.h), within the registers a
  /// register tile leaves.
  std::vector<const ArrayRef *> readsAhead(const StmtList &B) const;
  /// With pipeline(3), the shared buffer that the references rewritten now
  /// index (set around each copy and rewriteForPoints call).
  ExprPtr SharedBuffer;

private:
  /// c2c_c_<dim>[point]: each point's local index, or the last one inside
  /// the iteration space for a point past it. A point outside runs as that
  /// point does: for bodies that write only the points' registers, whose
  /// values such points never store, so that the points' loads of shared
  /// operands stay unpredicated and load once for all of them.
  StmtList clampedIndices() const;
  /// The point loops around B, already rewritten for points (pointLoops).
  StmtList pointNest(const StmtList &B, bool Guard, bool Clamped,
                     const ExprPtr &InBand);
  /// Register arrays made for reads evaluated ahead (c2c_ld<n>), so far.
  unsigned EarlyReads = 0;
};

} // namespace c2cuda

#endif // C2CUDA_TRANSFORMS_POINTLOOPS_H
