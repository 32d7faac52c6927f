//===- TileFootprint.h - What a tile of a nest reads of one array -*- C++ -*-//
//
// For shared-memory promotion: the box of elements of array A that one tile
// of iterations reads, and where each reference of A falls in it.
//
// The iterations of a tile are described by TileVars: a tile loop (a mapped
// loop or the strip-mined loop) runs Base + Step * t for t in [0, Count);
// an inner loop of the body with literal bounds runs Lo..Hi (Base null).
// Every subscript of every reference to A must be affine in those
// iterators with literal coefficients, plus a polynomial in the
// parameters that is the same for all references up to a constant. A
// pointer array indexed `i * K + k` is split into the dimensions
// [i][k] (stride K: each iterator's coefficient is a literal or a literal
// times the one stride), so the box is rectangular in rows and columns.
// Then the box of dimension d starts at Low_d (a run-time expression of the
// tile's bases) and has a static Size_d, whatever the tile.
//
// Loads into the box are guarded so that they stay inside the array: a
// pointer array's elements between the smallest and the largest element
// any reference reads over the whole iteration space (each iterator over
// First..Last); per dimension for an array parameter with declared sizes.
// This is exact only when every reference runs for every iteration, so
// references under an `if`, a `?:` or the right operand of `&&`/`||` are
// refused.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_TILEFOOTPRINT_H
#define C2CUDA_TRANSFORMS_TILEFOOTPRINT_H

#include "ir/IR.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace c2cuda {

struct TileVar {
  std::string Name;
  ScalarKind Type = ScalarKind::Int;
  /// Tile loop: the value of the tile's first iteration (an int-typed
  /// VarRef the kernel declares); null for an inner loop.
  ExprPtr Base;
  int64_t Step = 1, Count = 1; ///< Tile loop: Base + Step * [0, Count).
  int64_t Lo = 0, Hi = 0;      ///< Inner loop: values Lo..Hi.
  /// Over the whole iteration space: first and last value (Long).
  ExprPtr First, Last;
};

struct TileFootprint {
  std::string Array;
  ScalarKind Elem = ScalarKind::Float;
  bool PointerArray = true;
  /// Box per dimension, outermost first.
  std::vector<ExprPtr> Low; ///< Long, over bases and parameters.
  std::vector<int64_t> Size;
  /// Pointer array of more than one dimension: element (x0, x1) is at
  /// x0 * Stride + x1 (Long).
  ExprPtr Stride;
  /// Guards: pointer array: linear index in [MinLinear, MaxLinear];
  /// array parameter: x_d in [MinDim[d], MaxDim[d]].
  ExprPtr MinLinear, MaxLinear;
  std::vector<ExprPtr> MinDim, MaxDim;
  /// Every reference has the same subscripts and every iterator appears in
  /// one dimension only: the elements read are exactly the product of the
  /// per-dimension ranges, so per-dimension guards (cheap, in int) keep a
  /// pointer array's loads inside it too.
  bool DimGuardsExact = false;
  /// Per reference (by address in the body): its index in the box, per
  /// dimension (Int, over the iterators and the bases).
  std::map<const ArrayRef *, std::vector<ExprPtr>> BoxIndex;
  /// Per dimension: the tile loops its subscripts read.
  std::vector<std::vector<std::string>> DimVars;
};

/// Computes A's footprint over Body, whose inner loops (with literal
/// bounds) are found on the way; Vars lists the tile loops. On failure
/// returns false with Why, a sentence fragment ("its subscript ... is not
/// affine", "it is read under a condition").
/// With Only, just those references of A count (one reference group of an
/// array read at unrelated places, e.g. syrk's A[i][k] and A[j][k]).
bool computeTileFootprint(const std::string &A, const StmtList &Body,
                          const std::vector<TileVar> &Vars, const Function &F,
                          TileFootprint &Out, std::string &Why,
                          const std::set<const ArrayRef *> *Only = nullptr);

} // namespace c2cuda

#endif
