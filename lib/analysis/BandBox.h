//===- BandBox.h - Bounding boxes of non-rectangular bands ------*- C++ -*-===//
//
// A band whose inner loop bounds read outer band iterators (syrk's
// `for (j = 0; j <= i; j++)`, a lower triangle) is not a box, but the grid
// and a block's tile are. bandBox() gives, for each loop of such a band, the
// smallest range of its iterator over the whole band (interval arithmetic
// on the bounds, over the ranges of the loops before it), and the affine
// constraints that cut the band out of that box. A mapping runs the box and
// skips the points outside the band; a tile skips itself when no point of it
// is inside.
//
// Handled: a loop whose bounds read earlier band iterators when it counts up
// by 1 (`<` or `<=`) and each bound is the sum of a term free of band
// iterators and integer-literal multiples of them, all in signed integer
// types (so the arithmetic is the integers'). Anything else is not a band
// loop (bandBoundsOK is false).
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_ANALYSIS_BANDBOX_H
#define C2CUDA_ANALYSIS_BANDBOX_H

#include "ir/IR.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace c2cuda {
namespace analysis {

/// E as a LinearForm over Iters; nullopt when it is not one (see above).
std::optional<LinearForm> linearIn(const ExprPtr &E,
                                   const std::set<std::string> &Iters);

/// Whether L may join a band whose earlier iterators are Earlier: its bounds
/// read none of them, or read them in a form bandBox handles.
bool bandBoundsOK(const ForStmt &L, const std::set<std::string> &Earlier);

/// Whether L's bounds read one of Earlier.
bool boundsReadAny(const ForStmt &L, const std::set<std::string> &Earlier);

struct BandBox {
  /// Per band loop, the first and last value its iterator takes (Long,
  /// inclusive; Lo > Hi when the band is empty). Only meaningful for loops
  /// with bounds that read band iterators, and the loops those read.
  std::vector<ExprPtr> Lo, Hi;
  /// Each holds (>= 0) exactly at the band's points inside the box; empty
  /// for a rectangular band.
  std::vector<LinearForm> Constraints;
};

/// The box and constraints of Band (outermost first; every loop passes
/// bandBoundsOK over the iterators before it).
BandBox bandBox(const std::vector<const ForStmt *> &Band);

/// The condition "every constraint holds" (Int), with the iterators read as
/// variables of the types Types gives; null when there is none.
ExprPtr constraintsHold(const std::vector<LinearForm> &Cs,
                        const std::map<std::string, ScalarKind> &Types);

/// The largest value of F over the box Lo[it] <= it <= Hi[it] (Long).
ExprPtr
maxOverBox(const LinearForm &F,
           const std::map<std::string, std::pair<ExprPtr, ExprPtr>> &Box);

} // namespace analysis
} // namespace c2cuda

#endif
