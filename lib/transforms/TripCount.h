//===- TripCount.h - Iteration count of a canonical loop -------*- C++ -*-===//
//
// The number of iterations of `for (i = lo; i CMP hi; i += s)` as a 64-bit
// expression over the values the bounds read, so that a grid can be sized
// from it:
//   <   hi > lo  ? (hi - lo + s - 1) / s : 0
//   <=  hi >= lo ? (hi - lo) / s + 1     : 0
//   >   lo > hi  ? (lo - hi - s - 1) / -s : 0     (s < 0)
//   >=  lo >= hi ? (lo - hi) / -s + 1    : 0
// Both bounds are converted to long first, so `hi - lo` cannot overflow for
// any int or unsigned int bounds. Literal bounds fold to a literal.
// Legal for every ForStmt: the frontend guarantees the step is a non-zero
// constant whose sign matches the comparison and that the bounds do not
// change while the loop runs.
//
//===----------------------------------------------------------------------===//
#ifndef C2CUDA_TRANSFORMS_TRIPCOUNT_H
#define C2CUDA_TRANSFORMS_TRIPCOUNT_H

#include "ir/IR.h"

#include <string>

namespace c2cuda {

/// Iterations of a loop with these bounds; a Long expression, never negative.
ExprPtr buildTripCount(const ExprPtr &Lower, LoopCmp Cmp, const ExprPtr &Upper,
                       int64_t Step);

inline ExprPtr buildTripCount(const ForStmt &For) {
  return buildTripCount(For.Lower, For.Cmp, For.Upper, For.Step);
}

/// The name of the variable holding loop Iter's trip count in a kernel. The
/// grid's trip counts are c2c_trip_x/y/z (TileBands, KernelPrinter), so a
/// loop the user named x, y or z gets a suffix: both may live in one kernel.
inline std::string loopTripName(const std::string &Iter) {
  std::string Name = "c2c_trip_" + Iter;
  if (Iter == "x" || Iter == "y" || Iter == "z")
    Name += "_loop";
  return Name;
}

/// The grid loop that maps For onto dimension Dim (its whole range).
inline GridLoop gridLoopFor(const ForStmt &For, unsigned Dim) {
  GridLoop G;
  G.Loop = &For;
  G.Iter = For.Iter;
  G.IterType = For.IterType;
  G.Lower = For.Lower;
  G.TripCount = buildTripCount(For);
  G.Step = For.Step;
  G.Dim = Dim;
  G.Loc = For.Loc;
  return G;
}

} // namespace c2cuda

#endif
